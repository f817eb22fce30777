/** Route schema helpers: the shared contract's common shapes (import them from '@bazaar/shared/contract' directly). */
export { errorSchema, messageSchema, idParamsSchema, errorResponses } from '@bazaar/shared/contract';
