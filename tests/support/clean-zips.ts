import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { Random, cleanEntries } from './hostile-zips.ts';
import { buildRawZip, bytes, extraField, type BuilderEntry } from './zip-builder.ts';
import { buildZip, samplePackFiles, type PackFiles } from './zip.ts';

// Well-formed packs as real tools write them. The archive check must ACCEPT every one of these,
// so a property test cannot pass by refusing everything.

export interface CleanZip {
  label: string;
  bytes: Uint8Array;
  /**
   * Set on the few well-formed archives that are refused by design, with the rule that refuses
   * them (a stored entry with a data descriptor; a non-ASCII name not marked UTF-8).
   */
  refusedBy?: string;
}

/** A pack with the shapes real packs have: folders, a non-ASCII name, an empty file, binary data. */
export function realisticPackFiles(): PackFiles {
  return {
    ...samplePackFiles('clean-pack'),
    'docs/caf\u00e9.md': '# Caf\u00e9\n',
    'web/empty.js': '',
  };
}

function inTempDir<T>(run: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'clean-zip-'));
  try {
    return run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function writeTree(root: string, files: PackFiles) {
  for (const [name, content] of Object.entries(files)) {
    const path = join(root, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes(content));
  }
}

const ok = (run: ReturnType<typeof spawnSync>, what: string) => {
  if (run.status !== 0) throw new Error(`${what} failed: ${String(run.stderr)}`);
};

// Python's writer, to a file (seekable: sizes in the local headers) and to a pipe (not seekable:
// data descriptors), deflated and stored, with explicit folder entries.
const PYTHON_WRITE = String.raw`
import io, os, sys, zipfile
root, method, stream = sys.argv[1], sys.argv[2], sys.argv[3] == 'pipe'
compression = zipfile.ZIP_DEFLATED if method == 'deflate' else zipfile.ZIP_STORED
class Unseekable(io.RawIOBase):
    def writable(self): return True
    def write(self, b): return sys.stdout.buffer.write(b)
target = Unseekable() if stream else sys.stdout.buffer
buffer = None if stream else io.BytesIO()
with zipfile.ZipFile(target if stream else buffer, 'w', compression) as z:
    for folder, dirs, files in sorted(os.walk(root)):
        rel = os.path.relpath(folder, root)
        if rel != '.':
            z.write(folder, rel.replace(os.sep, '/') + '/')
        for name in sorted(files):
            full = os.path.join(folder, name)
            z.write(full, os.path.relpath(full, root).replace(os.sep, '/'))
if not stream:
    sys.stdout.buffer.write(buffer.getvalue())
`;

/** Archives written by Python's zipfile (needs python3). */
export function pythonWrittenZips(): CleanZip[] {
  return inTempDir((dir) => {
    writeTree(dir, realisticPackFiles());
    return (['deflate', 'stored'] as const).flatMap((method) =>
      (['file', 'pipe'] as const).map((output) => {
        const run = spawnSync('python3', ['-c', PYTHON_WRITE, dir, method, output], { maxBuffer: 16 * 1024 * 1024 });
        ok(run, 'python3 zipfile');
        const made = { label: `python zipfile, ${method}, to a ${output}`, bytes: new Uint8Array(run.stdout) };
        // Streaming readers would have to guess where such stored data ends.
        return method === 'stored' && output === 'pipe' ? { ...made, refusedBy: 'data-descriptor' } : made;
      }),
    );
  });
}

const available = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/**
 * Info-ZIP `zip -r` (extended-timestamp and Unix extra fields), when installed. ASCII names only:
 * zip 3.0 stores other names without the UTF-8 flag, which Python then reads as code page 437
 * (another file name), so such archives are refused by design.
 */
export function infoZipWrittenZips(): CleanZip[] {
  if (!available('zip', ['-v'])) return [];
  return inTempDir((dir) => {
    const tree = join(dir, 'tree');
    writeTree(tree, { ...samplePackFiles('clean-pack'), 'web/empty.js': '' });
    const out = join(dir, 'out.zip');
    ok(spawnSync('zip', ['-q', '-r', '-X', out, '.'], { cwd: tree }), 'zip');
    const withExtras = join(dir, 'extras.zip');
    ok(spawnSync('zip', ['-q', '-r', withExtras, '.'], { cwd: tree }), 'zip');
    writeTree(tree, { 'docs/caf\u00e9.md': 'caf\u00e9\n' });
    const unmarked = join(dir, 'unmarked.zip');
    ok(spawnSync('zip', ['-q', '-r', unmarked, '.'], { cwd: tree }), 'zip');
    return [
      { label: 'Info-ZIP zip -r -X', bytes: new Uint8Array(readFileSync(out)) },
      { label: 'Info-ZIP zip -r (extra fields)', bytes: new Uint8Array(readFileSync(withExtras)) },
      {
        label: 'Info-ZIP zip -r, a non-ASCII name',
        bytes: new Uint8Array(readFileSync(unmarked)),
        refusedBy: 'name-encoding',
      },
    ];
  });
}

/** `git archive --format=zip` of a commit (its id becomes the archive comment), when git is installed. */
export function gitArchiveZips(): CleanZip[] {
  if (!available('git', ['--version'])) return [];
  return inTempDir((dir) => {
    writeTree(dir, realisticPackFiles());
    const git = (...args: string[]) => {
      const run = spawnSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.test', ...args], { cwd: dir });
      ok(run, `git ${args[0]}`);
      return run;
    };
    git('init', '-q');
    git('add', '.');
    git('commit', '-q', '-m', 'pack');
    const run = spawnSync('git', ['archive', '--format=zip', 'HEAD'], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
    ok(run, 'git archive');
    return [{ label: 'git archive --format=zip (commit id comment)', bytes: new Uint8Array(run.stdout) }];
  });
}

/** Archives our own builder writes the way streaming and archiving tools do. */
export function builderWrittenZips(seed: number, count: number): CleanZip[] {
  const rng = new Random(seed);
  const timestamp = extraField(0x5455, Uint8Array.of(1, 0, 0, 0, 0x65));
  const made: CleanZip[] = [];
  for (let i = 0; i < count; i += 1) {
    const style = rng.pick(['descriptors', 'comment', 'folders', 'extras'] as const);
    let entries: BuilderEntry[] = cleanEntries(rng);
    if (style === 'descriptors') {
      entries = entries.map((e) => ({ ...e, method: 8, descriptor: rng.pick(['signed', 'unsigned'] as const) }));
    } else if (style === 'folders') {
      entries = [
        { name: 'data/', data: '', method: 0, unixMode: 0o040755, dosAttributes: 0x10 },
        ...entries.map((e) => ({ ...e, unixMode: 0o100644 })),
      ];
    } else if (style === 'extras') {
      entries = entries.map((e) => ({ ...e, localExtra: timestamp, centralExtra: timestamp }));
    }
    const comment = style === 'comment' ? rng.bytes(20).reduce((s, b) => s + b.toString(16).padStart(2, '0'), '') : '';
    made.push({ label: `builder: ${style} #${i}`, bytes: buildRawZip(entries, { comment }) });
  }
  return made;
}

/** Every well-formed archive this machine's tools make (Python's are required by the caller). */
export function cleanZips(seed: number, builderCount: number): CleanZip[] {
  return [
    { label: 'fflate (tests/support/zip.ts)', bytes: buildZip(realisticPackFiles()) },
    ...pythonWrittenZips(),
    ...infoZipWrittenZips(),
    ...gitArchiveZips(),
    ...builderWrittenZips(seed, builderCount),
  ];
}
