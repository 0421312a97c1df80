// The node page's hero links into the repository the way the README does (pages import server code only from src/server/page-loaders/).
export { repositoryBases, type RepositoryBases } from '../../../services/readmes/repository-urls.ts';
