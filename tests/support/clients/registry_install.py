"""The registry requests of the two install paths, in the Python standard library, shaped as the real
clients send them (/work/shared/reference/clients.md, sections 1.2 #4 and 2.2):

  comfy-cli  `comfy node registry-install <id> [--version v]`:
             GET {base}/nodes/{id}/install[?version=v] -> downloadUrl -> zip -> custom_nodes/{id}
  cm-cli     `comfy node install <id>` (ComfyUI-Manager's cnr_utils): pages through
             GET {base}/nodes?page=N&limit=30&comfyui_version=..&form_factor=.. while page < totalPages,
             takes latest_version.version of the id, then GET {base}/nodes/{id}/install?version=<it>
             -> downloadUrl -> zip -> custom_nodes/{id}

Usage: python3 registry_install.py <comfy-cli|cm-cli> <api base> <node id> <custom_nodes dir> [version]
Prints one JSON line: {"version", "yanked", "yanked_reason", "yanked_header", "files"}; exits 1 with a
message on stderr when the registry refuses (e.g. "HTTP 404 no_version_old_enough").
"""

import json
import os
import sys
import urllib.error
import urllib.parse
import urllib.request
import zipfile


def get(url: str, headers: dict) -> tuple[bytes, dict]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.read(), dict(response.headers)
    except urllib.error.HTTPError as error:
        body = json.loads(error.read() or b"{}")
        raise RuntimeError(f"HTTP {error.code} {body.get('error', '')}") from None


def comfy_cli_answer(base: str, node_id: str, version: str | None) -> tuple[dict, dict]:
    query = f"?version={urllib.parse.quote(version)}" if version else ""
    body, headers = get(f"{base}/nodes/{urllib.parse.quote(node_id)}/install{query}", {"User-Agent": "python-requests/2.32.3"})
    return json.loads(body), headers


def cm_cli_answer(base: str, node_id: str, version: str | None) -> tuple[dict, dict]:
    if not version:
        listed = {}
        page = 1
        while True:
            body, _ = get(
                f"{base}/nodes?page={page}&limit=30&comfyui_version=v0.3.60&form_factor=git-linux",
                {"Cache-Control": "no-cache", "Pragma": "no-cache", "Expires": "0", "User-Agent": "Python/3.11 aiohttp/3.9"},
            )
            data = json.loads(body)
            for node in data["nodes"]:
                listed[node["id"]] = node
            if page >= data["totalPages"]:
                break
            page += 1
        # Manager: a list entry without latest_version is a "nightly" git install, not a registry one.
        version = listed[node_id].get("latest_version", {}).get("version", "nightly")
        if version == "nightly":
            raise RuntimeError("no latest_version in the list: Manager would git clone")
    body, headers = get(f"{base}/nodes/{urllib.parse.quote(node_id)}/install?version={urllib.parse.quote(version)}", {})
    return json.loads(body), headers


def install(client: str, base: str, node_id: str, custom_nodes: str, version: str | None) -> dict:
    base = base.rstrip("/")
    answer, headers = (comfy_cli_answer if client == "comfy-cli" else cm_cli_answer)(base, node_id, version)
    if not answer.get("downloadUrl"):
        raise RuntimeError("the registry gave no downloadUrl")
    target = os.path.join(custom_nodes, node_id)
    os.makedirs(target, exist_ok=True)
    archive = os.path.join(target, f"{node_id}-{answer['version']}.zip")
    with urllib.request.urlopen(answer["downloadUrl"], timeout=60) as response, open(archive, "wb") as out:
        out.write(response.read())
    with zipfile.ZipFile(archive) as zipped:
        zipped.extractall(target)
    os.remove(archive)
    yanked_header = next((value for key, value in headers.items() if key.lower() == "nodeyard-yanked"), None)
    return {
        "version": answer["version"],
        "yanked": answer.get("yanked"),
        "yanked_reason": answer.get("yanked_reason"),
        "yanked_header": urllib.parse.unquote(yanked_header) if yanked_header else None,
        "files": sorted(os.listdir(target)),
    }


if __name__ == "__main__":
    if len(sys.argv) not in (5, 6) or sys.argv[1] not in ("comfy-cli", "cm-cli"):
        sys.exit(__doc__)
    try:
        result = install(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], sys.argv[5] if len(sys.argv) == 6 else None)
    except Exception as error:  # one line for the caller, not a traceback
        print(f"install failed: {error}", file=sys.stderr)
        sys.exit(1)
    print(json.dumps(result))
