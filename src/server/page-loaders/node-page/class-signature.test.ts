import { describe, expect, it } from 'vitest';
import type { ComfyNodeRow } from '../../db/rows.ts';
import { classView } from './class-signature.ts';

const row = (values: Partial<ComfyNodeRow>): ComfyNodeRow => ({
  id: 'id',
  nodeVersionId: 'v',
  name: 'MyNode',
  displayName: null,
  category: null,
  description: null,
  inputTypes: null,
  returnNames: null,
  returnTypes: null,
  outputIsList: [],
  function: null,
  deprecated: false,
  experimental: false,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...values,
});

describe('classView', () => {
  it('lists required then optional inputs, with choices shown as COMBO, and skips hidden ones', () => {
    const view = classView(
      row({
        inputTypes: JSON.stringify({
          required: { image: ['IMAGE'], mode: [['fast', 'slow'], {}], strength: ['FLOAT', { default: 1 }] },
          optional: { mask: ['MASK'] },
          hidden: { prompt: 'PROMPT' },
        }),
      }),
    );
    expect(view.inputs).toEqual([
      { name: 'image', type: 'IMAGE', optional: false },
      { name: 'mode', type: 'COMBO', optional: false },
      { name: 'strength', type: 'FLOAT', optional: false },
      { name: 'mask', type: 'MASK', optional: true },
    ]);
  });

  it('pairs outputs with their names and list flags, falling back to the type as name', () => {
    const view = classView(
      row({ returnTypes: '["IMAGE","MASK"]', returnNames: '["result"]', outputIsList: [false, true] }),
    );
    expect(view.outputs).toEqual([
      { name: 'result', type: 'IMAGE', isList: false },
      { name: 'MASK', type: 'MASK', isList: true },
    ]);
  });

  it('survives malformed JSON and hides a display name equal to the class name', () => {
    const view = classView(row({ inputTypes: '{oops', returnTypes: 'nope', displayName: 'MyNode' }));
    expect(view).toMatchObject({ inputs: [], outputs: [], displayName: null });
  });
});
