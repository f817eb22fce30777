/**
 * The template of an upload type, asked for and saved as a file when the user clicks 'Download the template'
 * (loaded then: docs/decisions.md#dialogs-on-demand).
 */
import type { ApolloClient } from '@apollo/client';
import { UploadTemplateDocument, type UploadType } from '../../../__generated__/graphql';

export async function downloadTemplate(client: ApolloClient, type: UploadType): Promise<void> {
  const { data } = await client.query({
    query: UploadTemplateDocument,
    variables: { type },
    fetchPolicy: 'network-only',
  });
  const template = data?.uploadTemplate;
  if (!template) return;
  const url = URL.createObjectURL(new Blob([template.content], { type: template.contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = template.fileName;
  link.click();
  URL.revokeObjectURL(url);
}
