export {
  kycStateOf,
  requireVerified,
  verifiedNameOf,
  cleanImage,
  type UsernameLookup,
} from './kyc.service';
export { kycRoutes, type KycRouteDeps } from './kyc.routes';
export { MIME_OF } from './kyc.rules';
