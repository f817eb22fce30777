/**
 * The upload form of docs/product/uploads.md#upload-screen ("Upload screen"): 'Select Upload Type' (required, options
 * from the server in readable words, placeholder 'Choose Type of File'), 'Select File', an Upload
 * button disabled until a type and a valid file are chosen, a spinner and a progress bar with the
 * percentage while the file is sent, then a green or red message that disappears after 5 seconds;
 * the form is reset after every submit. Row problems of a rejected file stay listed below, and so
 * does the report of a corporate-actions upload (what it recognised, what it could not classify).
 */
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, FileInput, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import {
  formatDatesInText,
  indexNameProblem,
  MESSAGES,
  UPLOAD_MESSAGE_TIMEOUT_MS,
  UPLOAD_TYPES,
  toDisplayWords,
} from '@bazaar/shared';
import { useApolloClient } from '@apollo/client/react';
import type { UploadPageTypesQuery, UploadType } from '../../../__generated__/graphql';
import { FILE_ACCEPT, fileProblem } from '../lib/file-check';
import type { RowProblem, UploadOutcome, UploadRequest } from '../lib/upload-request.deferred';
import { DeferredSelect } from '../../../components/form/deferred-combobox';
import type { CorporateActionsReportProps } from './corporate-actions-report';

// shown only after an upload (docs/decisions.md#dialogs-on-demand)
const loadResults = () => import('./upload-results.deferred');
const CorporateActionsReport = lazy(() => loadResults().then((module) => ({ default: module.CorporateActionsReport })));
const UploadProblems = lazy(() => loadResults().then((module) => ({ default: module.UploadProblems })));
// the request (its multipart code and mutations) and the progress bar come with the first upload
const loadRequest = () => import('../lib/upload-request.deferred');
const Progress = lazy(() => import('./upload-progress.deferred'));

type UploadTypeInfo = UploadPageTypesQuery['uploadTypes'][number];

interface FormValues extends Record<string, unknown> {
  type: string;
  file: File | null;
  /** UPLOAD_INDEX_PRICES: the index's name, for a file that does not name it. */
  index: string;
}

/** The type whose form asks for the index's name (docs/product/uploads.md#index-prices). */
const INDEX_PRICES = 'UPLOAD_INDEX_PRICES';

/**
 * The form's two rules and their messages (docs/product/uploads.md#rules), as plain checks: the page does not
 * load zod for a type and a file (docs/decisions.md#dialogs-on-demand).
 */
const RULES = {
  type: (value: string | null) => (value ? null : MESSAGES.upload.typeRequired),
  file: (value: File | null) =>
    value instanceof File && fileProblem(value) === null ? null : MESSAGES.upload.fileTypeInvalid,
};

/** The index's name when one is given (it may be left empty: a file that names its index needs none). */
const indexError = (values: FormValues) =>
  values.type === INDEX_PRICES && values.index.trim() !== '' ? indexNameProblem(values.index.trim()) : null;

const isValid = (values: FormValues) =>
  RULES.type(values.type) === null && RULES.file(values.file) === null && indexError(values) === null;

const EMPTY: FormValues = { type: '', file: null, index: '' };

export interface UploadFormProps {
  types: UploadTypeInfo[] | undefined;
  loadingTypes: boolean;
  /** Called after an accepted upload (to refresh the history). */
  onUploaded: () => void;
}

interface Outcome {
  kind: 'success' | 'error';
  text: string;
}

export function UploadForm({ types, loadingTypes, onUploaded }: UploadFormProps) {
  const [values, setValues] = useState<FormValues>(EMPTY);
  // a field's message shows once it was changed or left (or a submit was tried)
  const [touched, setTouched] = useState<{ type?: boolean }>({});
  const [uploading, setUploading] = useState(false);
  const [progress, setProgress] = useState(0);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [problems, setProblems] = useState<{ rows: RowProblem[]; total: number; fileName: string } | null>(null);
  const [report, setReport] = useState<Omit<CorporateActionsReportProps, 'onDismiss'> | null>(null);
  const [formKey, setFormKey] = useState(0);
  const request = useRef<UploadRequest | null>(null);
  const client = useApolloClient();

  // the message goes away after 5 seconds (docs/product/uploads.md#rules)
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(() => setOutcome(null), UPLOAD_MESSAGE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [outcome]);
  useEffect(() => () => request.current?.abort(), []);

  const selected = types?.find((type) => type.type === values.type);
  const typeError = touched.type ? RULES.type(values.type) : null;
  const fileError = values.file ? fileProblem(values.file) : null;
  const options = (types ?? []).map((type) => ({ value: type.type, label: type.label || toDisplayWords(type.type) }));

  async function submit(values: FormValues) {
    if (!values.file) return;
    // the chosen type must map to an endpoint (docs/product/uploads.md#rules)
    if (!(UPLOAD_TYPES as readonly string[]).includes(values.type)) {
      setOutcome({ kind: 'error', text: MESSAGES.upload.unknownType });
      return;
    }
    setUploading(true);
    setProgress(0);
    setOutcome(null);
    setProblems(null);
    setReport(null);
    const fileName = values.file.name;
    const answer = await loadRequest().then(
      ({ sendUpload }) => {
        const index = values.type === INDEX_PRICES ? values.index.trim() || undefined : undefined;
        request.current = sendUpload(values.type as UploadType, values.file!, setProgress, undefined, index);
        return request.current.promise;
      },
      (): UploadOutcome => ({ ok: false, message: MESSAGES.upload.failed, code: null, problems: [], problemCount: 0 }),
    );
    request.current = null;
    setUploading(false);
    if (answer.ok) {
      setOutcome({ kind: 'success', text: answer.result.message || MESSAGES.upload.completed });
      const { adjustingEvents, dividends, unclassified } = answer.result;
      if (adjustingEvents !== null && dividends !== null)
        setReport({ fileName, adjustingEvents, dividends, unclassified: unclassified ?? [] });
      onUploaded();
    } else {
      setOutcome({ kind: 'error', text: answer.message || MESSAGES.upload.failed });
      if (answer.problems.length > 0) setProblems({ rows: answer.problems, total: answer.problemCount, fileName });
    }
    // the form is reset after every submit (docs/product/uploads.md#screens)
    setValues(EMPTY);
    setTouched({});
    setFormKey((key) => key + 1);
  }

  async function downloadTemplate() {
    if (!selected) return;
    const template = await import('../lib/upload-template.deferred');
    await template.downloadTemplate(client, selected.type);
  }

  const canUpload = !uploading && isValid(values);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isValid(values)) void submit(values);
    else setTouched({ type: true });
  }
  return (
    <Stack gap="md">
      <form noValidate onSubmit={onSubmit} key={formKey} aria-label="Upload Files">
        <Stack gap="md">
          <DeferredSelect
            label="Select Upload Type"
            placeholder="Choose Type of File"
            required
            data={options}
            disabled={uploading || loadingTypes}
            rightSection={loadingTypes ? <Loader size="xs" /> : undefined}
            allowDeselect={false}
            value={values.type}
            onChange={(type) => {
              setValues((current) => ({ ...current, type: type ?? '' }));
              setTouched({ type: true });
            }}
            onBlur={() => setTouched({ type: true })}
            error={typeError ?? undefined}
          />
          {selected && (
            <Text size="sm" c="dimmed" data-testid="upload-type-description">
              {selected.description}
              {selected.templateFileName && (
                <>
                  {' '}
                  <Anchor component="button" type="button" size="sm" onClick={downloadTemplate}>
                    <Group gap={4} component="span" display="inline-flex">
                      <IconDownload size={14} /> Download the template
                    </Group>
                  </Anchor>
                </>
              )}
            </Text>
          )}
          {values.type === INDEX_PRICES && (
            <TextInput
              label="Index name"
              placeholder="NIFTY 50"
              description="Needed for NSE's historical index download, which does not name its index; NSE's daily file and the Total Return Index export name theirs (with a name here, only that index is loaded)."
              data-testid="upload-index-name"
              disabled={uploading}
              maxLength={100}
              value={values.index}
              onChange={(event) => {
                const index = event.currentTarget.value;
                setValues((current) => ({ ...current, index }));
              }}
              error={indexError(values) ?? undefined}
            />
          )}
          <FileInput
            label="Select File"
            placeholder="A .csv, .xls or .xlsx file"
            accept={FILE_ACCEPT}
            clearable
            leftSection={<IconFileSpreadsheet size={16} />}
            disabled={uploading}
            value={values.file}
            onChange={(file) => setValues((current) => ({ ...current, file }))}
            error={fileError ?? undefined}
          />
          <Group>
            <Button
              type="submit"
              leftSection={
                uploading ? <Loader size="xs" color="white" data-testid="upload-spinner" /> : <IconUpload size={16} />
              }
              disabled={!canUpload}
            >
              Upload
            </Button>
          </Group>
        </Stack>
      </form>
      {uploading && (
        <Stack gap={4} data-testid="upload-progress">
          <Suspense fallback={null}>
            <Progress value={progress} size="lg" animated={progress >= 100} aria-label="Upload progress" />
          </Suspense>
          <Text size="sm" c="dimmed">
            {progress < 100
              ? `Sending the file… ${progress}%`
              : '100% sent — the server is checking and loading the file…'}
          </Text>
        </Stack>
      )}
      {outcome && (
        <Alert
          color={outcome.kind === 'success' ? 'green' : 'red'}
          role={outcome.kind === 'success' ? 'status' : 'alert'}
          data-testid="upload-message"
          withCloseButton
          onClose={() => setOutcome(null)}
        >
          {formatDatesInText(outcome.text)}
        </Alert>
      )}
      <Suspense fallback={report || problems ? <Loader size="sm" aria-label="Loading the upload's report" /> : null}>
        {report && <CorporateActionsReport {...report} onDismiss={() => setReport(null)} />}
        {problems && (
          <UploadProblems
            fileName={problems.fileName}
            problems={problems.rows}
            total={problems.total}
            onDismiss={() => setProblems(null)}
          />
        )}
      </Suspense>
    </Stack>
  );
}
