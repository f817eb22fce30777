/**
 * The insight service's uploads (/insight/staff/uploads/*). The upload is streamed: the file the
 * browser sends (graphql-upload) is piped into a multipart request to the REST API as it arrives,
 * never held whole in the BFF. The size limit applies twice: graphql-upload stops the stream at
 * the configured size (→ PAYLOAD_TOO_LARGE here) and the REST API refuses larger files (413).
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileUpload } from 'graphql-upload/processRequest.mjs';
import { GraphQLError } from 'graphql';
import type { UploadType } from '@bazaar/shared';
import {
  fileTooLargeMessage,
  uploadEndpoint,
  type MarketDataStatusDto,
  type UploadBatchResultDto,
  type UploadedDateCountDto,
  type UploadHistoryPageDto,
  type UploadResultDto,
  type UploadTypeDto,
} from '@bazaar/shared/contract';
import { RestClient, type RequestScope } from './rest-client.js';

/** Quotes a file name for a Content-Disposition header (no quotes, backslashes or line breaks). */
function headerSafeName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = name.replace(/[\u0000-\u001f\u007f"\\]/g, '_').slice(0, 255);
  return cleaned === '' ? 'upload' : cleaned;
}

export class UploadsApi extends RestClient {
  constructor(scope: RequestScope) {
    super(scope, scope.insightApiUrl);
  }

  uploadTypes(): Promise<UploadTypeDto[]> {
    return this.get('/staff/uploads/types');
  }

  marketDataStatus(): Promise<MarketDataStatusDto> {
    return this.get('/public/uploads/market-data-status');
  }

  uploadedDates(): Promise<string[]> {
    return this.get('/staff/uploads/stock-price/uploaded-dates');
  }

  uploadedDateCounts(): Promise<UploadedDateCountDto[]> {
    return this.get('/staff/uploads/stock-price/date-counts');
  }

  /** The REST API checks the query (uploadHistoryQuerySchema: its limits and messages); REST names the upload type `kind`. */
  uploadHistory(page: {
    limit?: number | null;
    offset?: number | null;
    uploadType?: UploadType | null;
  }): Promise<UploadHistoryPageDto> {
    return this.get('/staff/uploads/history', {
      query: { limit: page.limit, offset: page.offset, kind: page.uploadType },
    });
  }

  /** A template file's text (uploadTemplate's content), by the path the types list gives (under /insight). */
  async uploadTemplate(templateUrl: string): Promise<string> {
    const path = templateUrl.replace(/^\/insight/, '');
    return this.get<string>(path);
  }

  /**
   * Streams the uploaded file to the REST endpoint of `uploadType` as a multipart part named "file".
   * `maxBytes` is the BFF's own limit (graphql-upload's), named in the message when it stops the file.
   */
  /** `fields`: the upload type's text fields (index prices: `index`), sent before the file. */
  uploadMarketData(
    uploadType: UploadType,
    file: FileUpload,
    maxBytes: number,
    fields: Record<string, string> = {},
  ): Promise<UploadResultDto> {
    return this.streamFiles<UploadResultDto>(uploadEndpoint(uploadType), [file], maxBytes, fields);
  }

  /**
   * Streams several stock-price files (and zip archives) to the batch endpoint, one part named
   * "file" each, in the order sent, as they arrive (docs/product/uploads.md#bulk-backfill).
   */
  uploadStockPriceBatch(files: Array<Promise<FileUpload>>, maxBytes: number): Promise<UploadBatchResultDto> {
    return this.streamFiles<UploadBatchResultDto>(`${uploadEndpoint('UPLOAD_STOCK_PRICE')}/batch`, files, maxBytes);
  }

  /** One multipart request holding every file, each piped through as graphql-upload receives it. */
  private async streamFiles<T>(
    path: string,
    files: Array<FileUpload | Promise<FileUpload>>,
    maxBytes: number,
    fields: Record<string, string> = {},
  ): Promise<T> {
    const boundary = `----bazaar-${randomBytes(12).toString('hex')}`;
    let streamError: (Error & { status?: number }) | undefined;
    const opened: Array<{ destroy(): void }> = [];
    async function* parts(): AsyncGenerator<Buffer> {
      for (const [name, value] of Object.entries(fields))
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value.replace(/[\r\n]/g, ' ')}\r\n`,
          'utf8',
        );
      for (const pending of files) {
        const file = await pending;
        const source = file.createReadStream();
        opened.push(source);
        yield Buffer.from(
          `--${boundary}\r\n` +
            `Content-Disposition: form-data; name="file"; filename="${headerSafeName(file.filename)}"\r\n` +
            `Content-Type: ${/^[\w.+-]+\/[\w.+-]+$/.test(file.mimetype) ? file.mimetype : 'application/octet-stream'}\r\n\r\n`,
          'utf8',
        );
        try {
          for await (const chunk of source) yield chunk as Buffer;
        } catch (error) {
          streamError = error as Error & { status?: number };
          throw error;
        }
        yield Buffer.from('\r\n', 'utf8');
      }
      yield Buffer.from(`--${boundary}--\r\n`, 'utf8');
    }
    const body = Readable.toWeb(Readable.from(parts())) as ReadableStream<Uint8Array>;
    try {
      return await this.post<T>(path, {
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        timeoutMs: this.scope.uploadTimeoutMs,
      });
    } catch (error) {
      if (streamError) {
        if (streamError.status === 413 || /exceeds the .* size limit|truncated/i.test(streamError.message)) {
          throw new GraphQLError(fileTooLargeMessage(maxBytes), {
            extensions: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
          });
        }
        throw new GraphQLError('The upload was interrupted before the whole file arrived; please try again', {
          extensions: { code: 'BAD_USER_INPUT', status: 400 },
        });
      }
      throw error;
    } finally {
      for (const source of opened) source.destroy();
    }
  }
}
