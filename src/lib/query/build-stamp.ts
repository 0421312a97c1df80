// The persisted query cache is dropped when this changes. A deployment can inject its own stamp at
// build time (PUBLIC_BUILD_STAMP, e.g. the git commit); otherwise the URL of this module's built
// chunk serves, because its file name carries a content hash that changes with the build.
const injected: string | undefined = import.meta.env?.PUBLIC_BUILD_STAMP;

export const BUILD_STAMP: string = injected || new URL(import.meta.url).pathname;
