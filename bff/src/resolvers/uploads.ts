/**
 * Market-data uploads (staff and administrators; the REST API enforces it): the types list, the
 * uploaded-dates calendar, the history, templates, and uploadMarketData. A successful upload
 * clears the shared cache of public market reads, so the next page shows the new data. The
 * upload types receive the REST answers as they are (codegen mappers to the shared contract);
 * the few fields GraphQL names differently are resolved here.
 */
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { Resolvers } from '../__generated__/resolvers-types.js';

/** The file name at the end of a template's path. */
function templateFileName(templateUrl: string): string {
  return templateUrl.split('/').pop() ?? 'template.csv';
}

export const uploadsResolvers: Resolvers = {
  Upload: GraphQLUpload,
  UploadTypeInfo: {
    templateFileName: (info) => (info.templateUrl ? templateFileName(info.templateUrl) : null),
  },
  UploadResult: {
    uploadId: (result) => String(result.uploadId),
    type: (result) => result.kind,
  },
  UploadRecord: {
    id: (record) => String(record.id),
    type: (record) => record.kind,
  },
  UploadBatchFile: {
    uploadId: (file) => (file.uploadId === null ? null : String(file.uploadId)),
    status: (file) => (file.status === 'ok' ? 'OK' : file.status === 'refused' ? 'REFUSED' : 'SKIPPED'),
  },
  UploadedDate: {
    date: (entry) => entry.tradeDate,
  },
  Query: {
    uploadTypes: (_parent, _args, { dataSources }) => dataSources.uploads.uploadTypes(),
    marketDataStatus: (_parent, _args, { dataSources }) => dataSources.uploads.marketDataStatus(),
    uploadedDates: (_parent, _args, { dataSources }) => dataSources.uploads.uploadedDates(),
    uploadedDateCounts: (_parent, _args, { dataSources }) => dataSources.uploads.uploadedDateCounts(),
    // limit and offset are checked by the REST API, after it has checked the caller's role
    uploadHistory: (_parent, { limit, offset, type }, { dataSources }) =>
      dataSources.uploads.uploadHistory({ limit, offset, uploadType: type }),
    uploadTemplate: async (_parent, { type }, { dataSources }) => {
      const info = (await dataSources.uploads.uploadTypes()).find((candidate) => candidate.type === type);
      if (!info?.templateUrl) return null;
      const content = await dataSources.uploads.uploadTemplate(info.templateUrl);
      return { fileName: templateFileName(info.templateUrl), contentType: 'text/csv', content };
    },
  },
  Mutation: {
    uploadMarketData: async (_parent, { type, file, index }, { dataSources, caches, config }) => {
      const result = await dataSources.uploads.uploadMarketData(
        type,
        await file,
        config.uploadMaxBytes,
        index ? { index: index.slice(0, 200) } : {},
      );
      // public market reads cached across requests are stale now
      caches.market.clear();
      return result;
    },
    uploadStockPriceBatch: async (_parent, { files }, { dataSources, caches, config }) => {
      const result = await dataSources.uploads.uploadStockPriceBatch(files, config.uploadMaxBytes);
      if (result.loaded > 0) caches.market.clear();
      return result;
    },
  },
};
