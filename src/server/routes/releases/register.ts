import type { App } from '../../app-env.ts';
import { registerCreateReleaseNote } from './create-release-note.ts';
import { registerDeleteReleaseNote } from './delete-release-note.ts';
import { registerGetReleaseNotes } from './get-release-notes.ts';
import { registerProcessReleaseWebhook } from './process-release-webhook.ts';
import { registerUpdateReleaseNote } from './update-release-note.ts';

/** Release notes: the public read the ComfyUI frontend makes, the admins' writes, GitHub's webhook. */
export function registerReleaseRoutes(app: App) {
  registerGetReleaseNotes(app);
  registerCreateReleaseNote(app);
  registerUpdateReleaseNote(app);
  registerDeleteReleaseNote(app);
  registerProcessReleaseWebhook(app);
}
