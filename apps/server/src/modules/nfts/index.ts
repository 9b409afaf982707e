export { nftsAdminRoutes } from './nfts.admin';
export { nftCloseJob } from './nfts.jobs';
export { nftsRoutes } from './nfts.routes';
export type { NftDeps } from './nfts.service';
