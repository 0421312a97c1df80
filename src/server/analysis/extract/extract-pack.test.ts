import { describe, expect, it } from 'vitest';
import { extractNodes } from './extract-pack.ts';

// Realistic pack layouts, written for these tests (no real pack code): nothing here is executed.

const encode = (text: string) => new TextEncoder().encode(text);
const pack = (files: Record<string, string>) =>
  Object.entries(files).map(([path, text]) => ({ path, bytes: encode(text) }));
const byName = async (files: Record<string, string>) => {
  const result = await extractNodes(pack(files));
  expect(result.status).toBe('success');
  return new Map(result.nodes.map((node) => [node.name, node]));
};

describe('node-class extraction', () => {
  it('reads a single-file pack with literal mappings and class attributes', async () => {
    const nodes = await byName({
      '__init__.py': `
class Invert:
    """Inverts colours."""
    CATEGORY = "image/color"
    FUNCTION = "invert"
    RETURN_TYPES = ("IMAGE", "MASK")
    RETURN_NAMES = ("image", "mask")
    OUTPUT_IS_LIST = (False, True)
    DESCRIPTION = "Inverts an image"
    DEPRECATED = True

    @classmethod
    def INPUT_TYPES(s):
        return {
            "required": {"image": ("IMAGE",), "strength": ("FLOAT", {"default": 1.0, "min": 0.0, "max": 1.0, "step": 0.01})},
            "optional": {"model": (folder_paths.get_filename_list("checkpoints"),)},
        }

NODE_CLASS_MAPPINGS = {"Invert Image ": Invert}
NODE_DISPLAY_NAME_MAPPINGS = {"Invert Image ": "Invert image"}
`,
    });
    // The key is kept verbatim, trailing space included: ComfyUI uses the exact key.
    expect([...nodes.keys()]).toEqual(['Invert Image ']);
    expect(nodes.get('Invert Image ')).toEqual({
      name: 'Invert Image ',
      displayName: 'Invert image',
      category: 'image/color',
      description: 'Inverts an image',
      function: 'invert',
      returnTypes: '["IMAGE","MASK"]',
      returnNames: '["image","mask"]',
      outputIsList: [false, true],
      deprecated: true,
      experimental: false,
      inputTypes: JSON.stringify({
        required: { image: ['IMAGE'], strength: ['FLOAT', { default: 1, min: 0, max: 1, step: 0.01 }] },
        optional: { model: [{ $call: 'folder_paths.get_filename_list' }] },
      }),
    });
  });

  it('follows __init__.py relative imports, aliases, merges, update(), comprehensions and helper-built keys', async () => {
    const nodes = await byName({
      '__init__.py': `
from .nodes.image import NODE_CLASS_MAPPINGS as IMAGE_NODES, NODE_DISPLAY_NAME_MAPPINGS as IMAGE_NAMES
from .nodes import text
from .nodes.extra import *
NODE_CLASS_MAPPINGS = {**IMAGE_NODES, **EXTRA}
NODE_CLASS_MAPPINGS.update(text.NODE_CLASS_MAPPINGS)
NODE_DISPLAY_NAME_MAPPINGS = {}
NODE_DISPLAY_NAME_MAPPINGS |= IMAGE_NAMES
try:
    from .optional_llm import LLM
    NODE_CLASS_MAPPINGS["LLM Prompt"] = LLM
except ImportError:
    NODE_CLASS_MAPPINGS = {}
# NODE_CLASS_MAPPINGS["Commented"] = Nope
"""NODE_CLASS_MAPPINGS["InDocstring"] = Nope"""
__all__ = ["NODE_CLASS_MAPPINGS", "NODE_DISPLAY_NAME_MAPPINGS"]
`,
      'nodes/__init__.py': '',
      'nodes/base.py':
        'class ImageBase:\n    CATEGORY = "demo/image"\n    FUNCTION = "run"\n    RETURN_TYPES = ("IMAGE",)\n',
      'nodes/image.py': `
from .base import ImageBase
NAMESPACE = "demo"
def node_id(name):
    return "{} ({})".format(name, NAMESPACE)
class Blur(ImageBase):
    NAME = node_id("Blur")
class Sharpen(ImageBase):
    NAME = f"Sharpen ({NAMESPACE})"
    CATEGORY = "demo/filters"
NODE_CLASS_MAPPINGS = {cls.NAME: cls for cls in [Blur, Sharpen]}
NODE_DISPLAY_NAME_MAPPINGS = {Blur.NAME: "Blur image"}
`,
      'nodes/text.py':
        'class Upper:\n    CATEGORY = "demo/text"\n    RETURN_TYPES = ("STRING",)\nNODE_CLASS_MAPPINGS = {}\nNODE_CLASS_MAPPINGS[Upper.__name__] = Upper\n',
      'nodes/extra.py': 'class Noise:\n    CATEGORY = "demo/noise"\nEXTRA = dict(Noise=Noise)\n',
      'optional_llm.py': 'import openai\nclass LLM:\n    CATEGORY = "demo/llm"\n',
      'tests/test_nodes.py': 'NODE_CLASS_MAPPINGS = {"TestOnly": object}\n',
    });
    expect([...nodes.keys()].sort()).toEqual(['Blur (demo)', 'LLM Prompt', 'Noise', 'Sharpen (demo)', 'Upper']);
    expect(nodes.get('Blur (demo)')).toMatchObject({
      displayName: 'Blur image',
      category: 'demo/image',
      function: 'run',
    });
    expect(nodes.get('Sharpen (demo)')).toMatchObject({ category: 'demo/filters', returnTypes: '["IMAGE"]' });
    expect(nodes.get('Upper')!.category).toBe('demo/text');
    expect(nodes.get('LLM Prompt')!.category).toBe('demo/llm');
  });

  it('reads class-based (comfy_api io.ComfyNode) nodes through comfy_entrypoint and define_schema', async () => {
    const nodes = await byName({
      '__init__.py': 'from .v3 import comfy_entrypoint\n',
      'v3.py': `
from typing_extensions import override
from comfy_api.latest import ComfyExtension, io as IO

class Base(IO.ComfyNode):
    pass

class Levels(Base):
    @classmethod
    def define_schema(cls) -> IO.Schema:
        return IO.Schema(
            node_id="LevelsAdjust",
            display_name="Levels",
            category="image/adjust",
            description="Adjusts levels",
            inputs=[
                IO.Image.Input("image"),
                IO.Float.Input("gamma", default=1.0, min=0.1, max=10.0),
                IO.Combo.Input("mode", options=["rgb", "luma"], optional=True),
            ],
            outputs=[IO.Image.Output(display_name="adjusted"), IO.ClipVision.Output(is_output_list=True)],
            is_experimental=True,
        )

    @classmethod
    def execute(cls, image, gamma, mode=None) -> IO.NodeOutput:
        return IO.NodeOutput(image)

class Renamed(Levels):
    @classmethod
    def define_schema(cls):
        schema = super().define_schema()
        schema.node_id = "LevelsAdjustV2"
        return schema

NODES = [Levels]
NODES.append(Renamed)

class Extension(ComfyExtension):
    @override
    async def get_node_list(self) -> list[type[IO.ComfyNode]]:
        return NODES

async def comfy_entrypoint() -> Extension:
    return Extension()
`,
    });
    expect([...nodes.keys()]).toEqual(['LevelsAdjust', 'LevelsAdjustV2']);
    expect(nodes.get('LevelsAdjust')).toEqual({
      name: 'LevelsAdjust',
      displayName: 'Levels',
      category: 'image/adjust',
      description: 'Adjusts levels',
      function: 'execute',
      inputTypes: JSON.stringify({
        required: { image: ['IMAGE', {}], gamma: ['FLOAT', { default: 1, min: 0.1, max: 10 }] },
        optional: { mode: [['rgb', 'luma'], { options: ['rgb', 'luma'] }] },
      }),
      returnTypes: '["IMAGE","CLIP_VISION"]',
      returnNames: '["adjusted","CLIP_VISION"]',
      outputIsList: [false, true],
      deprecated: false,
      experimental: true,
    });
  });

  it('falls back to every module’s mapping when the root loads them dynamically', async () => {
    const nodes = await byName({
      '__init__.py': `
import importlib, os
NODE_CLASS_MAPPINGS = {}
for name in os.listdir(os.path.dirname(__file__) + "/wrappers"):
    module = importlib.import_module(f".wrappers.{name[:-3]}", __name__)
    NODE_CLASS_MAPPINGS.update(module.NODE_CLASS_MAPPINGS)
`,
      'wrappers/canny.py': 'class Canny:\n    CATEGORY = "pre"\nNODE_CLASS_MAPPINGS = {"CannyEdge": Canny}\n',
      'wrappers/depth.py': 'class Depth:\n    CATEGORY = "pre"\nNODE_CLASS_MAPPINGS = {"DepthMap": Depth}\n',
    });
    expect([...nodes.keys()].sort()).toEqual(['CannyEdge', 'DepthMap']);
  });

  it('stops hostile code at the step budget without throwing', async () => {
    const result = await extractNodes(
      pack({
        '__init__.py':
          'def grow(n):\n    return grow(n) + grow(n)\nX = [grow(i) for i in range(10)]\nNODE_CLASS_MAPPINGS = {"A": object}\n',
      }),
      { limits: { maxSteps: 2_000, maxCallDepth: 6, maxLoopIterations: 5_000 } },
    );
    expect(['success', 'failed']).toContain(result.status);
  });

  it('returns no nodes for a pack without Python', async () => {
    expect((await extractNodes(pack({ 'web/app.js': 'export {}' }))).nodes).toEqual([]);
  });
});
