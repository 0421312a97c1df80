"""What `comfy node registry-install <id> [--version v]` does against a registry, in the standard
library only (urllib, zipfile, hashlib), plus the check comfy-cli leaves out: the archive's sha256
against the registry's signed index snapshot.

comfy-cli's path (comfy_cli/command/custom_nodes/command.py `registry_install`):
  RegistryAPI.install_node -> GET {base}/nodes/{id}/install[?version=v] -> downloadUrl
  file_utils.download_file(downloadUrl, custom_nodes/{id}/{id}-{version}.zip)
  file_utils.extract_package_as_zip(zip, custom_nodes/{id}); then the zip is deleted.

Usage: python3 bench/mirror-install-client.py <api base> <node id> <custom_nodes dir> [version]
Prints one JSON line: {"version", "downloadUrl", "sha256", "indexSha256", "files"}; exits 1 with a
message on stderr when anything fails (an HTTP error, a sha256 that does not match the snapshot).
The tests run it against a mirror whose upstream is stopped (tests/api/mirror.test.ts).
"""

import gzip
import hashlib
import json
import os
import sys
import urllib.parse
import urllib.request
import zipfile


def get(url: str) -> bytes:
    request = urllib.request.Request(url, headers={"accept-encoding": "gzip", "accept": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read()
        # urllib does not decompress; the index is served compressed when asked.
        if response.headers.get("content-encoding") == "gzip":
            body = gzip.decompress(body)
        return body


def install(base: str, node_id: str, custom_nodes: str, version: str | None) -> dict:
    base = base.rstrip("/")
    query = f"?version={urllib.parse.quote(version)}" if version else ""
    answer = json.loads(get(f"{base}/nodes/{urllib.parse.quote(node_id)}/install{query}"))
    download_url = answer.get("downloadUrl")
    if not download_url:
        raise RuntimeError(f"{node_id}: the registry gave no downloadUrl")

    target = os.path.join(custom_nodes, node_id)
    os.makedirs(target, exist_ok=True)
    archive = os.path.join(target, f"{node_id}-{answer['version']}.zip")
    with urllib.request.urlopen(download_url, timeout=60) as response, open(archive, "wb") as out:
        digest = hashlib.sha256()
        while chunk := response.read(65536):
            digest.update(chunk)
            out.write(chunk)
    sha256 = digest.hexdigest()

    # The snapshot lists every installable version with the sha256 of its zip.
    snapshot = json.loads(get(f"{base}/index/v1/snapshot"))
    listed = [v for v in snapshot["versions"] if v["pack"] == node_id and v["version"] == answer["version"]]
    if not listed or listed[0]["sha256"] != sha256:
        os.remove(archive)
        expected = listed[0]["sha256"] if listed else "(not in the snapshot)"
        raise RuntimeError(f"{node_id} {answer['version']}: sha256 {sha256}, the snapshot says {expected}")

    with zipfile.ZipFile(archive) as zipped:
        zipped.extractall(target)
    os.remove(archive)
    files = sorted(
        os.path.relpath(os.path.join(root, name), target) for root, _, names in os.walk(target) for name in names
    )
    return {
        "version": answer["version"],
        "downloadUrl": download_url,
        "sha256": sha256,
        "indexSha256": listed[0]["sha256"],
        "files": files,
    }


if __name__ == "__main__":
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    try:
        result = install(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4] if len(sys.argv) == 5 else None)
    except Exception as error:  # one line for the caller, not a traceback
        print(f"install failed: {type(error).__name__}: {error}", file=sys.stderr)
        sys.exit(1)
    print(json.dumps(result))
