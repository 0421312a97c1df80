import { readFile } from 'node:fs/promises';
import { CorpusError, parseCorpus, type Corpus } from './corpus-schema.ts';

/** Reads and validates a corpus JSON file; every failure is a CorpusError with a readable message. */
export async function loadCorpusFile(path: string): Promise<Corpus> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new CorpusError(
      code === 'ENOENT' ? `No such file: ${path}` : `Cannot read ${path}: ${code ?? String(error)}`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CorpusError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseCorpus(json);
}
