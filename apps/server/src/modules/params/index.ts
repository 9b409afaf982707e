export { paramsRoutes } from './params.routes';
export { getParamValue } from './params.service';
export { insertMissingParams } from './params.repo';
export { PARAM_DEFAULTS } from './params.defaults';
