/**
 * Market-data uploads (staff and administrators; the REST API enforces it): the types list, the
 * uploaded-dates calendar, the history, templates, and uploadMarketData. A successful upload
 * clears the shared cache of public market reads, so the next page shows the new data.
 */
import GraphQLUpload from 'graphql-upload/GraphQLUpload.mjs';
import type { Resolvers, UploadRecord, UploadResult, UploadTypeInfo } from '../__generated__/resolvers-types.js';
import type { UploadRecordDto, UploadResultDto, UploadTypeDto } from '../datasources/uploads-api.js';
import { badUserInput } from '../errors.js';

function toTypeInfo(dto: UploadTypeDto): UploadTypeInfo {
  return {
    type: dto.type,
    label: dto.label,
    description: dto.description,
    acceptedFormats: dto.acceptedFormats,
    layouts: dto.layouts,
    templateFileName: dto.templateUrl ? (dto.templateUrl.split('/').pop() ?? null) : null,
  };
}

function toResult(dto: UploadResultDto): UploadResult {
  return {
    message: dto.message,
    uploadId: String(dto.uploadId),
    type: dto.kind,
    fileName: dto.fileName,
    fileFormat: dto.fileFormat,
    layout: dto.layout,
    rowsInFile: dto.rowsInFile,
    inserted: dto.inserted,
    updated: dto.updated,
    unchanged: dto.unchanged,
    deleted: dto.deleted,
    dates: dto.dates,
    durationMs: dto.durationMs,
  };
}

function toRecord(dto: UploadRecordDto): UploadRecord {
  const { kind, id, ...rest } = dto;
  return { ...rest, id: String(id), type: kind };
}

export const uploadsResolvers: Resolvers = {
  Upload: GraphQLUpload,
  Query: {
    uploadTypes: async (_parent, _args, { dataSources }) => (await dataSources.uploads.listTypes()).map(toTypeInfo),
    uploadedDates: (_parent, _args, { dataSources }) => dataSources.uploads.uploadedDates(),
    uploadedDateCounts: async (_parent, _args, { dataSources }) =>
      (await dataSources.uploads.uploadedDateCounts()).map((entry) => ({
        date: entry.tradeDate,
        rowCount: entry.rowCount,
      })),
    uploadHistory: async (_parent, { limit, offset, type }, { dataSources }) => {
      if (limit !== null && limit !== undefined && (limit < 1 || limit > 200))
        throw badUserInput('limit must be between 1 and 200', 'limit');
      if (offset !== null && offset !== undefined && offset < 0)
        throw badUserInput('offset must be 0 or more', 'offset');
      const page = await dataSources.uploads.history({ limit, offset, kind: type });
      return { total: page.total, items: page.items.map(toRecord) };
    },
    uploadTemplate: async (_parent, { type }, { dataSources }) => {
      const info = (await dataSources.uploads.listTypes()).find((candidate) => candidate.type === type);
      if (!info?.templateUrl) return null;
      const content = await dataSources.uploads.template(info.templateUrl);
      return { fileName: info.templateUrl.split('/').pop() ?? 'template.csv', contentType: 'text/csv', content };
    },
  },
  Mutation: {
    uploadMarketData: async (_parent, { type, file }, { dataSources, caches, config }) => {
      const upload = await file;
      const result = await dataSources.uploads.upload(type, upload, config.uploadMaxBytes);
      // public market reads cached across requests are stale now
      caches.market.clear();
      return toResult(result);
    },
  },
};
