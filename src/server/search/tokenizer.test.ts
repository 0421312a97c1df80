import { describe, expect, it } from 'vitest';
import { completionKeys, expandText, expandWord, normalizeKey, splitWords } from './tokenizer.ts';

describe('tokenizer', () => {
  it.each([
    ['SimpleFloatSlider', ['simplefloatslider', 'simple', 'float', 'slider']],
    ['CLIPTextEncode', ['cliptextencode', 'clip', 'text', 'encode']],
    ['KSampler', ['ksampler', 'sampler']],
    ['IPAdapter', ['ipadapter', 'ip', 'adapter']],
    ['sd15', ['sd15', 'sd', '15']],
    ['SDXL', ['sdxl']],
    ['upscale', ['upscale']],
  ])('expands %s into the word and its camelCase/digit parts', (word, expected) => {
    expect(expandWord(word)).toEqual(expected);
  });

  it('splits snake_case, kebab-case and punctuation, folding accents', () => {
    expect(splitWords('VHS_LoadVideo comfyui-impact-pack (Efficient) Démo')).toEqual([
      'VHS',
      'LoadVideo',
      'comfyui',
      'impact',
      'pack',
      'Efficient',
      'Demo',
    ]);
    expect(expandText('VHS_LoadVideo')).toEqual(['vhs', 'loadvideo', 'load', 'video']);
  });

  it('keeps letters without case (CJK) as one word and drops absurdly long tokens', () => {
    expect(expandText('图像 放大')).toEqual(['图像', '放大']);
    expect(expandText(`short ${'x'.repeat(60)}`)).toEqual(['short']);
    expect(expandText('WarpedHunyuanLoraDoubleBlocksModifyMultipleSegments')).toEqual([
      'warped',
      'hunyuan',
      'lora',
      'double',
      'blocks',
      'modify',
      'multiple',
      'segments',
    ]);
  });

  it('normalizes names to letters and digits only', () => {
    expect(normalizeKey('ComfyUI-Impact Pack')).toBe('comfyuiimpactpack');
    expect(normalizeKey('comfyui_impact_pack')).toBe('comfyuiimpactpack');
    expect(normalizeKey('🌊 ✨')).toBe('');
  });

  it('gives a completion key from the start of each word and camelCase part', () => {
    expect(completionKeys('ComfyUI-Impact-Pack')).toEqual(['comfyuiimpactpack', 'impactpack', 'pack']);
    expect(completionKeys('KSamplerAdvanced')).toEqual(['ksampleradvanced', 'sampleradvanced', 'advanced']);
  });
});
