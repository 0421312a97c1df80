import { commandLinePublish, reachableWithDevEnvironment } from '../../../lib/publish/publish-commands.ts';
import { useDashboard } from '../context.ts';
import { CodeBlock } from './CodeBlock.tsx';

/**
 * Publishing from a terminal or CI with a personal access token: comfy-cli's own publish where it
 * can reach this API (localhost:8080), else its pack and an upload of the zip with curl.
 */
export function CommandLineStep({ publisherId }: { publisherId: string }) {
  const { t, apiUrl } = useDashboard();
  const local = reachableWithDevEnvironment(apiUrl);
  return (
    <section aria-labelledby="guide-cli-heading" className="mt-6 flex flex-col gap-2 text-sm">
      <h3 id="guide-cli-heading" className="font-semibold">
        {t('publishGuide.cli.heading')}
      </h3>
      <p>{t('publishGuide.cli.token', { publisher: publisherId })}</p>
      <p>{local ? t('publishGuide.cli.dev', { url: apiUrl }) : t('publishGuide.cli.other', { url: apiUrl })}</p>
      <CodeBlock
        text={['export REGISTRY_ACCESS_TOKEN=nyd_pat_…', ...commandLinePublish(apiUrl, publisherId)].join('\n')}
        label={t('publishGuide.cli.copy')}
        testId="guide-cli"
      />
    </section>
  );
}
