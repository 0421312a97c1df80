"""Runs comfy-cli's own registry install code (`comfy node registry-install <id> [--version v]`) from a
checkout of its source, against the registry that ENVIRONMENT / the base URL names: the proof that
comfy-cli installs through a Nodeyard mirror (bench/mirror-comfy-cli.ts starts one).

Not a test: it needs comfy-cli's source (COMFY_CLI_SRC, the folder holding comfy_cli/) and httpx,
requests, rich and pathspec (the modules that path imports). Stubbed, because that path never calls
them here: comfy_cli.ui (typer/rich prompts and the progress bar; the stub passes chunks through) and
comfy_cli.registry.config_parser (tomlkit/typer; the publish path's pyproject reader).

Usage: COMFY_CLI_SRC=/path ENVIRONMENT=dev python3 bench/mirror-comfy-cli-install.py <node id> <workspace> [version]
With ENVIRONMENT=dev comfy-cli's RegistryAPI talks to http://localhost:8080 (its only setting for another
registry); COMFY_REGISTRY_BASE_URL overrides RegistryAPI.base_url for a mirror on another address.
"""

import hashlib
import json
import os
import pathlib
import sys
import types

sys.path.insert(0, os.environ["COMFY_CLI_SRC"])


def stub(name: str, **attributes) -> None:
    module = types.ModuleType(name)
    module.__dict__.update(attributes)
    sys.modules[name] = module


def unused(name: str):
    def refuse(*_args, **_kwargs):
        raise RuntimeError(f"{name} is stubbed: not on the install path")

    return refuse


stub(
    "comfy_cli.ui",
    show_progress=lambda iterable, total=None, description="": iterable,
    prompt_confirm_action=lambda _prompt, default: default,
    display_error_message=lambda message: print(message, file=sys.stderr),
)
stub(
    "comfy_cli.registry.config_parser",
    extract_node_configuration=unused("extract_node_configuration"),
    initialize_project_config=unused("initialize_project_config"),
)

from comfy_cli.file_utils import download_file, extract_package_as_zip  # noqa: E402
from comfy_cli.registry import RegistryAPI  # noqa: E402


def registry_install(node_id: str, workspace: pathlib.Path, version: str | None) -> dict:
    """The body of comfy_cli/command/custom_nodes/command.py `registry_install`, minus its prompts and
    execute_install_script (pip on requirements.txt), plus the sha256 of the zip it downloaded."""
    registry_api = RegistryAPI()
    if os.environ.get("COMFY_REGISTRY_BASE_URL"):
        registry_api.base_url = os.environ["COMFY_REGISTRY_BASE_URL"]
    node_version = registry_api.install_node(node_id, version)
    if not node_version.download_url:
        raise RuntimeError("Download URL not provided from the registry.")
    custom_nodes_path = workspace / "custom_nodes"
    node_specific_path = custom_nodes_path / node_id
    node_specific_path.mkdir(parents=True, exist_ok=True)
    local_filename = node_specific_path / f"{node_id}-{node_version.version}.zip"
    download_file(node_version.download_url, local_filename)
    sha256 = hashlib.sha256(local_filename.read_bytes()).hexdigest()
    extract_package_as_zip(local_filename, node_specific_path)
    os.remove(local_filename)
    return {
        "registry": registry_api.base_url,
        "version": node_version.version,
        "downloadUrl": node_version.download_url,
        "sha256": sha256,
        "files": sorted(str(p.relative_to(node_specific_path)) for p in node_specific_path.rglob("*") if p.is_file()),
    }


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    result = registry_install(sys.argv[1], pathlib.Path(sys.argv[2]), sys.argv[3] if len(sys.argv) == 4 else None)
    print(json.dumps(result))
