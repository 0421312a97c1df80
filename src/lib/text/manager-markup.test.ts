import { describe, expect, it } from 'vitest';
import { parseDescription, plainDescription } from './manager-markup.ts';

describe('parseDescription', () => {
  it('turns ComfyUI-Manager links into link pieces between text pieces', () => {
    expect(parseDescription('Uses [a/wandpy](https://github.com/emcconville/wand) for images.')).toEqual([
      { kind: 'text', text: 'Uses ' },
      { kind: 'link', text: 'wandpy', href: 'https://github.com/emcconville/wand' },
      { kind: 'text', text: ' for images.' },
    ]);
  });

  it('reads plain markdown links too, and warnings with links inside them', () => {
    expect(
      parseDescription('See [the paper](https://arxiv.org/abs/1).[w/NOTE: fork of the [a/original](https://x.org/o).]'),
    ).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'the paper', href: 'https://arxiv.org/abs/1' },
      { kind: 'text', text: '.' },
      {
        kind: 'warning',
        pieces: [
          { kind: 'text', text: 'NOTE: fork of the ' },
          { kind: 'link', text: 'original', href: 'https://x.org/o' },
          { kind: 'text', text: '.' },
        ],
      },
    ]);
  });

  it('never links a target that is not an absolute web address; the label stays as text', () => {
    expect(
      parseDescription('[a/click](javascript:alert(1)) and [a/4D-Humans](ComfyUI nodes to use 4D-Humans)'),
    ).toEqual([{ kind: 'text', text: 'click and 4D-Humans' }]);
    expect(parseDescription('[x](//evil.example/)')).toEqual([{ kind: 'text', text: 'x' }]);
  });

  it('forgives a space before the target of a manager link, and drops the markup of one without a target', () => {
    expect(parseDescription('[a/Glyph] (https://g.example/) and [a/alone].')).toEqual([
      { kind: 'link', text: 'Glyph', href: 'https://g.example/' },
      { kind: 'text', text: ' and alone.' },
    ]);
  });

  it('leaves text without markup, and brackets that are not links, as they are', () => {
    expect(parseDescription('Plain [beta] text (v2) [unclosed')).toEqual([
      { kind: 'text', text: 'Plain [beta] text (v2) [unclosed' },
    ]);
    expect(parseDescription('')).toEqual([]);
  });

  it('treats brackets more than 1,000 characters apart as prose (bounds the work on hostile text)', () => {
    const long = `[a/${'x'.repeat(1000)}](https://example.org/)`;
    expect(parseDescription(long)).toEqual([{ kind: 'text', text: long }]);
  });
});

describe('plainDescription', () => {
  it('keeps link labels and warning text, drops the markup and targets', () => {
    expect(
      plainDescription(
        'A port of [a/RVM](https://github.com/PeterL1n/RobustVideoMatting/) to ComfyUI.\n[w/NOTE: install ImageMagick manually.]',
      ),
    ).toBe('A port of RVM to ComfyUI.\nNOTE: install ImageMagick manually.');
  });
});
