#!/usr/bin/env python3
"""Publish a node pack to a Nodeyard registry from CI and fail the job on a bad verdict.

Steps: get a publish token (a GitHub Actions OIDC identity token exchanged at
POST /trusted-publishing/exchange, or a classic personal access token), pack the folder with
comfy-cli (`comfy node pack`, unless --archive names a zip already made), upload it
(POST /publishers/{publisher}/archives), then poll GET .../versions/{version}/status until the
registry has decided, print the findings (rule id, file, line) and exit:

  0  the version is Active
  1  the version ended Flagged, Banned or Deleted (findings printed)
  2  bad configuration (no token, no pyproject.toml, ...)
  3  the registry refused a request (its error code and message printed)
  4  no verdict before --timeout

Needs Python 3.11+ and `requests`. docs/publishing.md § Publishing from CI explains the setup.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
import tomllib
import zipfile
from dataclasses import dataclass
from pathlib import Path

import requests

EXIT_ACTIVE, EXIT_REJECTED, EXIT_CONFIG, EXIT_REFUSED, EXIT_TIMEOUT = 0, 1, 2, 3, 4
BAD_STATES = {"flagged", "banned", "deleted"}


class Stop(Exception):
    """Ends the run with an exit code and a message for the job log."""

    def __init__(self, code: int, message: str):
        super().__init__(message)
        self.code = code


@dataclass
class Pack:
    publisher_id: str
    node_id: str
    version: str


def parse_args(argv: list[str]) -> argparse.Namespace:
    env = os.environ.get
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--api-url", default=env("NODEYARD_API_URL"), help="the registry's API base URL")
    parser.add_argument("--token", default=env("NODEYARD_TOKEN"), help="a personal access token (else OIDC)")
    parser.add_argument("--audience", default=env("NODEYARD_AUDIENCE", "nodeyard"), help="OIDC audience")
    parser.add_argument("--path", default=env("NODEYARD_PACK_PATH", "."), help="the pack's folder (pyproject.toml)")
    parser.add_argument("--archive", help="a zip already packed (skips `comfy node pack`)")
    parser.add_argument("--timeout", type=float, default=float(env("NODEYARD_VERDICT_TIMEOUT", "900")))
    parser.add_argument("--interval", type=float, default=float(env("NODEYARD_POLL_INTERVAL", "5")))
    args = parser.parse_args(argv)
    if not args.api_url:
        raise Stop(EXIT_CONFIG, "Set --api-url or NODEYARD_API_URL to the registry's API address.")
    args.api_url = args.api_url.rstrip("/")
    return args


def refused(what: str, response: requests.Response) -> Stop:
    """The registry's own error code and message: they say what to fix."""
    try:
        body = response.json()
        detail = f"{body.get('error', 'error')}: {body.get('message', '')}"
    except ValueError:
        detail = response.text[:500]
    return Stop(EXIT_REFUSED, f"{what} was refused ({response.status_code}) {detail}")


def oidc_token(audience: str) -> str:
    """The job's identity token from GitHub Actions (needs `permissions: id-token: write`)."""
    url = os.environ.get("ACTIONS_ID_TOKEN_REQUEST_URL")
    bearer = os.environ.get("ACTIONS_ID_TOKEN_REQUEST_TOKEN")
    if not url or not bearer:
        raise Stop(
            EXIT_CONFIG,
            "No token: pass a personal access token (NODEYARD_TOKEN), or run in GitHub Actions with "
            "`permissions: id-token: write` so the job can prove its identity (trusted publishing).",
        )
    response = requests.get(
        url, params={"audience": audience}, headers={"Authorization": f"Bearer {bearer}"}, timeout=30
    )
    if not response.ok:
        raise Stop(EXIT_REFUSED, f"GitHub did not issue an identity token ({response.status_code}).")
    return response.json()["value"]


def publish_token(args: argparse.Namespace) -> str:
    if args.token:
        return args.token
    response = requests.post(
        f"{args.api_url}/trusted-publishing/exchange", json={"token": oidc_token(args.audience)}, timeout=30
    )
    if response.status_code != 201:
        raise refused("The trusted-publishing exchange", response)
    token = response.json()["token"]
    print("Exchanged the job's identity token for a short-lived publish token.")
    return token


def pack_archive(args: argparse.Namespace) -> Path:
    if args.archive:
        return Path(args.archive)
    folder = Path(args.path)
    try:
        subprocess.run(["comfy", "--skip-prompt", "node", "pack"], cwd=folder, check=True)
    except FileNotFoundError as error:
        raise Stop(EXIT_CONFIG, "comfy-cli is not installed: `pip install comfy-cli`.") from error
    except subprocess.CalledProcessError as error:
        raise Stop(EXIT_CONFIG, f"`comfy node pack` failed (exit {error.returncode}).") from error
    return folder / "node.zip"


def read_pack(archive: Path) -> Pack:
    """Which publisher, node and version the zip publishes: its own pyproject.toml says (as the registry reads it)."""
    try:
        with zipfile.ZipFile(archive) as zipped:
            meta = tomllib.loads(zipped.read("pyproject.toml").decode("utf-8"))
    except (OSError, KeyError, zipfile.BadZipFile, tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise Stop(EXIT_CONFIG, f"{archive}: no readable pyproject.toml at the top of the zip ({error}).") from error
    project, comfy = meta.get("project", {}), meta.get("tool", {}).get("comfy", {})
    pack = Pack(str(comfy.get("PublisherId", "")), str(project.get("name", "")), str(project.get("version", "")))
    if not (pack.publisher_id and pack.node_id and pack.version):
        raise Stop(EXIT_CONFIG, "pyproject.toml needs [project] name and version and [tool.comfy] PublisherId.")
    return pack


def upload(args: argparse.Namespace, token: str, archive: Path, pack: Pack) -> str:
    with archive.open("rb") as body:
        response = requests.post(
            f"{args.api_url}/publishers/{pack.publisher_id}/archives",
            data=body,
            headers={"Authorization": f"Bearer {token}", "Content-Type": "application/zip"},
            timeout=300,
        )
    if response.status_code != 201:
        raise refused("The upload", response)
    version = response.json()["node_version"]["version"]
    print(f"Published {pack.publisher_id}/{pack.node_id} {version}; waiting for the registry's verdict.")
    return version


def print_findings(findings: list[dict]) -> None:
    for finding in findings:
        place = f"{finding['file']}:{finding['line']}" if finding.get("line") is not None else finding["file"]
        print(f"  {finding['rule_id']} [{finding['severity']}] {place}: {finding['message']}")


def wait_for_verdict(args: argparse.Namespace, token: str, pack: Pack, version: str) -> int:
    url = f"{args.api_url}/publishers/{pack.publisher_id}/nodes/{pack.node_id}/versions/{version}/status"
    deadline = time.monotonic() + args.timeout
    while True:
        response = requests.get(url, headers={"Authorization": f"Bearer {token}"}, timeout=30)
        if response.status_code != 200:
            raise refused("The status request", response)
        verdict = response.json()
        if verdict["settled"]:
            break
        if time.monotonic() >= deadline:
            raise Stop(EXIT_TIMEOUT, f"No verdict after {args.timeout:g} s (still {verdict['state']}).")
        time.sleep(args.interval)
    state = verdict["state"]
    print(f"Verdict: {state}" + (f" ({verdict['status_reason']})" if verdict.get("status_reason") else ""))
    if verdict["findings"]:
        print(f"Findings (ruleset {verdict.get('ruleset_version')}):")
        print_findings(verdict["findings"])
    if state in BAD_STATES:
        print(f"::error::{pack.node_id} {version} is {state}: users are not offered it.")
        return EXIT_REJECTED
    return EXIT_ACTIVE


def main(argv: list[str]) -> int:
    try:
        args = parse_args(argv)
        token = publish_token(args)
        archive = pack_archive(args)
        pack = read_pack(archive)
        version = upload(args, token, archive, pack)
        return wait_for_verdict(args, token, pack, version)
    except Stop as stop:
        print(f"::error::{stop}", file=sys.stderr)
        return stop.code
    except requests.RequestException as error:
        print(f"::error::The registry could not be reached: {error}", file=sys.stderr)
        return EXIT_REFUSED


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
