export { paramsAdminRoutes, paramsRoutes } from './params.routes';
export { createParamsReader, PARAMS_CHANGED_CHANNEL, type ParamsReader } from './params.service';
export {
  insertMissingParams,
  selectAllParams,
  selectParamRows,
  updateParamValue,
} from './params.repo';
export { PARAM_DEFAULTS } from './params.defaults';
