/** Severity of a scanner finding (stored as text, so a new level needs no migration). */
export type FindingSeverity = 'low' | 'medium' | 'high' | 'critical';

/**
 * The scanner's rule set. Bump RULESET_VERSION whenever a rule is added, removed or changes what it
 * matches: every stored finding carries the version that produced it, so reviewers can tell an old
 * verdict from a new one and ops can rescan after an upgrade.
 */
export const RULESET_VERSION = '2026.11.3';

export interface Rule {
  id: string;
  name: string;
  severity: FindingSeverity;
  message: string;
}

const rule = (id: string, name: string, severity: FindingSeverity, message: string): Rule => ({
  id,
  name,
  severity,
  message,
});

export const RULES = {
  dynamicExec: rule('PY001', 'dynamic-exec', 'medium', 'eval/exec/compile of a value computed at run time.'),
  obfuscatedExec: rule(
    'PY002',
    'obfuscated-exec',
    'critical',
    'Executes code that is decoded at run time (base64, zlib, marshal, hex, chr-joins…): a hidden payload.',
  ),
  remoteExec: rule('PY003', 'remote-code-exec', 'critical', 'Executes code downloaded from the network.'),
  execFileContents: rule(
    'PY004',
    'exec-file-contents',
    'high',
    'Executes code read from a file (open(...).read(), read_text(), pkgutil.get_data…) or runs a non-Python file as code: the code is kept out of sight of a review of the .py files.',
  ),
  codeObject: rule('PY010', 'code-object', 'high', 'Builds code objects directly (marshal.loads, types.CodeType).'),
  obfuscatedImport: rule(
    'PY011',
    'obfuscated-import',
    'high',
    'Imports a module or reaches builtins through a computed name, hiding what is used.',
  ),
  archiveOnPath: rule(
    'PY012',
    'archive-on-sys-path',
    'high',
    'Puts a bundled archive (.zip, .whl, .egg…) on sys.path or imports from it with zipimport: code inside it runs without being visible as a file of the pack.',
  ),
  shellDownload: rule(
    'PY020',
    'shell-download',
    'high',
    'Runs a shell or process with a network tool (curl, wget, PowerShell, nc…).',
  ),
  shellDownloadPiped: rule(
    'PY021',
    'shell-download-exec',
    'critical',
    'Downloads and executes in one command (piped into a shell, iex, nc -e…).',
  ),
  pipInstall: rule('PY030', 'runtime-pip-install', 'medium', 'Installs Python packages at run time.'),
  pipInstallRemote: rule(
    'PY031',
    'pip-install-remote',
    'high',
    'Installs packages at run time from a URL, git or a custom index, bypassing the declared dependencies.',
  ),
  executableUrl: rule('PY040', 'executable-url', 'high', 'Refers to a download URL of an executable or installer.'),
  wheelUrl: rule('PY041', 'wheel-url', 'low', 'Refers to a download URL of a Python wheel.'),
  credentialPath: rule(
    'PY050',
    'credential-path',
    'critical',
    'Names a browser, wallet or credential store path (cookies, saved logins, SSH keys, wallets…).',
  ),
  exfilEndpoint: rule(
    'PY051',
    'exfil-endpoint',
    'high',
    'Talks to a service commonly used to exfiltrate data (Discord webhook, Telegram bot, paste sites…).',
  ),
  credentialLibrary: rule(
    'PY052',
    'credential-library',
    'critical',
    'Imports a library that reads browser cookies or decrypts stored credentials.',
  ),
  pickleRemote: rule(
    'PY060',
    'pickle-remote',
    'high',
    'Unpickles data downloaded from the network (pickle runs code while loading).',
  ),
  bundledExecutable: rule(
    'PY070',
    'bundled-executable',
    'high',
    'The archive contains a Windows executable or library.',
  ),
  bundledNative: rule(
    'PY071',
    'bundled-native',
    'medium',
    'The archive contains a native extension or shared library.',
  ),
  bundledPackage: rule(
    'PY072',
    'bundled-package',
    'medium',
    'The archive contains a wheel or egg: code that is installed without review.',
  ),
  compiledWithoutSource: rule('PY073', 'pyc-without-source', 'medium', 'Compiled Python (.pyc) without its source.'),
  disguisedBinary: rule(
    'PY076',
    'disguised-binary',
    'critical',
    'An executable (PE, ELF or Mach-O) hidden under a non-binary file name.',
  ),
  compressionBomb: rule(
    'PY077',
    'compression-bomb',
    'high',
    'A nested archive inflates far beyond its size on disk (a zip bomb): it was not unpacked.',
  ),
  encodedBlob: rule('PY080', 'encoded-blob', 'medium', 'A very long base64 or hex string literal.'),
  invalidArchive: rule(
    'PY910',
    'invalid-archive',
    'critical',
    'The stored archive failed re-validation or no longer matches the accepted upload.',
  ),
  unparseable: rule(
    'PY900',
    'unparseable',
    'low',
    'Python that does not parse cleanly; it was scanned as far as possible.',
  ),
  gainedCapability: rule(
    'PY920',
    'gained-capability',
    'high',
    'This update gains a capability the operator holds for review (HOLD_ON_GAINED_CAPABILITIES).',
  ),
  notScanned: rule(
    'PY901',
    'not-scanned',
    'high',
    'Part of the archive could not be scanned (size, count or time limits): it needs a human look.',
  ),
} as const;

export type RuleKey = keyof typeof RULES;
