// The demo packs an empty embedded registry starts with. Invented, and labelled as such everywhere
// a person looks (ids start with "demo-", names end in "(demo)", the publisher says "sample data"),
// but written like real packs so every page and filter has something plausible to show.

export interface DemoPack {
  /** Node id without the "demo-" prefix. */
  slug: string;
  /** Display name without the "(demo)" suffix. */
  name: string;
  description: string;
  tags: string[];
  /** Class names for NODE_CLASS_MAPPINGS and comfy_nodes. */
  classes: string[];
  supportedOs?: string[];
  supportedAccelerators?: string[];
  /** pip requirements the versions declare (shown on the node page). */
  dependencies?: string[];
  /** Relative popularity: drives stars and downloads. */
  weight: number;
}

const ANY_OS = ['OS Independent'];
const CUDA = ['GPU :: NVIDIA CUDA'];
const GPUS = ['GPU :: NVIDIA CUDA', 'GPU :: AMD ROCm', 'GPU :: Apple Metal'];

export const DEMO_PACKS: DemoPack[] = [
  {
    slug: 'upscale-tools',
    name: 'Upscale Tools',
    description: 'Tiled upscaling with seam blending, so large images fit in modest VRAM.',
    tags: ['upscale', 'image', 'tiling'],
    classes: ['DemoTiledUpscale', 'DemoSeamBlend', 'DemoUpscaleByFactor'],
    dependencies: ['numpy', 'pillow>=10'],
    supportedOs: ANY_OS,
    supportedAccelerators: GPUS,
    weight: 9,
  },
  {
    slug: 'prompt-styler',
    name: 'Prompt Styler',
    description: 'Applies named style templates to positive and negative prompts, with a searchable style list.',
    tags: ['prompt', 'text', 'style'],
    classes: ['DemoPromptStyler', 'DemoStyleList', 'DemoNegativePreset'],
    supportedOs: ANY_OS,
    weight: 8,
  },
  {
    slug: 'video-frames',
    name: 'Video Frames',
    description: 'Loads videos as image batches and writes batches back to MP4 or animated WebP.',
    tags: ['video', 'animation', 'io'],
    classes: ['DemoLoadVideoFrames', 'DemoSaveVideo', 'DemoFrameSelect', 'DemoFrameRate'],
    dependencies: ['opencv-python', 'imageio-ffmpeg'],
    supportedOs: ['Microsoft :: Windows', 'POSIX :: Linux'],
    weight: 7,
  },
  {
    slug: 'mask-kit',
    name: 'Mask Kit',
    description: 'Grow, shrink, feather and combine masks; convert between masks and image channels.',
    tags: ['mask', 'inpaint', 'image'],
    classes: ['DemoMaskGrow', 'DemoMaskFeather', 'DemoMaskCombine', 'DemoMaskFromChannel', 'DemoMaskPreview'],
    supportedOs: ANY_OS,
    weight: 8,
  },
  {
    slug: 'lora-stack',
    name: 'LoRA Stack',
    description: 'Stacks up to eight LoRAs with per-model and per-clip strengths in one node.',
    tags: ['lora', 'model', 'loader'],
    classes: ['DemoLoraStack', 'DemoApplyLoraStack'],
    supportedAccelerators: CUDA,
    weight: 7,
  },
  {
    slug: 'color-match',
    name: 'Color Match',
    description: 'Transfers the colour palette of a reference image (histogram, Reinhard and mean/std methods).',
    tags: ['color', 'image', 'postprocess'],
    classes: ['DemoColorMatch', 'DemoColorHistogram'],
    supportedOs: ANY_OS,
    weight: 5,
  },
  {
    slug: 'depth-estimator',
    name: 'Depth Estimator',
    description: 'Monocular depth maps for ControlNet, with near/far clipping and normal-map output.',
    tags: ['depth', 'controlnet', 'preprocessor'],
    classes: ['DemoDepthMap', 'DemoDepthToNormal', 'DemoDepthClip'],
    dependencies: ['timm'],
    supportedAccelerators: GPUS,
    weight: 6,
  },
  {
    slug: 'face-restore',
    name: 'Face Restore',
    description: 'Detects faces, restores them at a higher resolution and pastes them back with a soft mask.',
    tags: ['face', 'restore', 'detailer'],
    classes: ['DemoFaceDetect', 'DemoFaceRestore', 'DemoFacePaste'],
    dependencies: ['facexlib', 'opencv-python'],
    supportedOs: ['Microsoft :: Windows', 'POSIX :: Linux'],
    supportedAccelerators: CUDA,
    weight: 8,
  },
  {
    slug: 'batch-utils',
    name: 'Batch Utils',
    description: 'Split, merge, slice and repeat image and latent batches.',
    tags: ['batch', 'utility', 'latent'],
    classes: ['DemoBatchSplit', 'DemoBatchMerge', 'DemoBatchSlice', 'DemoBatchRepeat'],
    supportedOs: ANY_OS,
    weight: 4,
  },
  {
    slug: 'text-overlay',
    name: 'Text Overlay',
    description: 'Draws captions, watermarks and labels on images with any installed font.',
    tags: ['text', 'image', 'watermark'],
    classes: ['DemoTextOverlay', 'DemoFontList'],
    supportedOs: ANY_OS,
    weight: 3,
  },
  {
    slug: 'seed-walker',
    name: 'Seed Walker',
    description: 'Generates seed sequences (fixed, increment, random walk) for reproducible batch runs.',
    tags: ['seed', 'utility', 'workflow'],
    classes: ['DemoSeedWalker', 'DemoSeedList'],
    supportedOs: ANY_OS,
    weight: 3,
  },
  {
    slug: 'image-compare',
    name: 'Image Compare',
    description: 'Side-by-side and slider comparisons of two images, right in the graph.',
    tags: ['preview', 'image', 'ui'],
    classes: ['DemoImageCompare', 'DemoImageDiff'],
    supportedOs: ANY_OS,
    weight: 6,
  },
  {
    slug: 'latent-noise',
    name: 'Latent Noise',
    description: 'Perlin, pyramid and coloured noise injection for latents, with per-step schedules.',
    tags: ['latent', 'noise', 'sampling'],
    classes: ['DemoPerlinNoise', 'DemoInjectNoise', 'DemoNoiseSchedule'],
    supportedAccelerators: GPUS,
    weight: 4,
  },
  {
    slug: 'workflow-notes',
    name: 'Workflow Notes',
    description: 'Markdown notes and checklists that live inside a workflow and travel with it.',
    tags: ['notes', 'ui', 'workflow'],
    classes: ['DemoMarkdownNote', 'DemoChecklist'],
    supportedOs: ANY_OS,
    weight: 2,
  },
  {
    slug: 'sampler-presets',
    name: 'Sampler Presets',
    description: 'Saves and recalls sampler, scheduler, steps and CFG combinations by name.',
    tags: ['sampling', 'preset', 'workflow'],
    classes: ['DemoSamplerPreset', 'DemoSavePreset'],
    supportedOs: ANY_OS,
    weight: 5,
  },
  {
    slug: 'segment-anything',
    name: 'Segment Anything Helpers',
    description: 'Point and box prompts for segmentation models, with mask refinement and labelling.',
    tags: ['segmentation', 'mask', 'vision'],
    classes: ['DemoSegmentPoints', 'DemoSegmentBox', 'DemoRefineMask', 'DemoMaskLabels'],
    supportedOs: ['POSIX :: Linux'],
    supportedAccelerators: CUDA,
    weight: 7,
  },
  {
    slug: 'audio-tools',
    name: 'Audio Tools',
    description: 'Loads, trims and mixes audio clips and attaches them to generated video.',
    tags: ['audio', 'video', 'io'],
    classes: ['DemoLoadAudio', 'DemoTrimAudio', 'DemoMixAudio'],
    dependencies: ['torchaudio', 'soundfile'],
    supportedOs: ['Microsoft :: Windows', 'POSIX :: Linux', 'MacOS'],
    weight: 3,
  },
  {
    slug: 'controlnet-aux',
    name: 'ControlNet Aux Lite',
    description: 'Lightweight edge, line-art and pose preprocessors for ControlNet conditioning.',
    tags: ['controlnet', 'preprocessor', 'pose'],
    classes: ['DemoCannyEdges', 'DemoLineArt', 'DemoPoseSkeleton', 'DemoScribble'],
    supportedAccelerators: GPUS,
    weight: 9,
  },
  {
    slug: 'image-saver',
    name: 'Image Saver',
    description: 'Saves images with templated file names and the workflow embedded in the metadata.',
    tags: ['save', 'io', 'metadata'],
    classes: ['DemoSaveImageTemplated', 'DemoReadMetadata'],
    supportedOs: ANY_OS,
    weight: 6,
  },
  {
    slug: 'math-nodes',
    name: 'Math Nodes',
    description: 'Integer, float and expression nodes for wiring numbers between other nodes.',
    tags: ['math', 'utility', 'logic'],
    classes: ['DemoIntMath', 'DemoFloatMath', 'DemoExpression', 'DemoCompare'],
    supportedOs: ANY_OS,
    weight: 4,
  },
  {
    slug: 'style-transfer',
    name: 'Style Transfer',
    description: 'Reference-image style conditioning with strength and start/end step controls.',
    tags: ['style', 'conditioning', 'image'],
    classes: ['DemoStyleReference', 'DemoApplyStyle'],
    supportedAccelerators: CUDA,
    weight: 5,
  },
  {
    slug: 'tile-diffusion',
    name: 'Tile Diffusion',
    description: 'Region-by-region sampling for very large canvases, with overlap blending.',
    tags: ['tiling', 'sampling', 'upscale'],
    classes: ['DemoTiledSampler', 'DemoTileRegions'],
    supportedOs: ['Microsoft :: Windows', 'POSIX :: Linux'],
    supportedAccelerators: CUDA,
    weight: 5,
  },
  {
    slug: 'model-merge',
    name: 'Model Merge Blocks',
    description: 'Block-weighted merging of two checkpoints with presets for common recipes.',
    tags: ['model', 'merge', 'checkpoint'],
    classes: ['DemoMergeBlocks', 'DemoMergePresets', 'DemoSaveMerged'],
    supportedAccelerators: GPUS,
    weight: 4,
  },
  {
    slug: 'legacy-loader',
    name: 'Legacy Loader',
    description: 'Loaders for old checkpoint formats. Superseded: new workflows should use the core loaders.',
    tags: ['loader', 'legacy', 'model'],
    classes: ['DemoLegacyCheckpoint', 'DemoLegacyVae'],
    supportedOs: ANY_OS,
    weight: 1,
  },
];
