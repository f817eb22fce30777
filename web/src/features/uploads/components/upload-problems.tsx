/** The row problems of a rejected file (the first 20 the server lists): line, column, reason. */
import { Card, CloseButton, Group, Table, Text, Title } from '@mantine/core';
import { formatCount, formatDatesInText } from '@bazaar/shared';
import type { RowProblem } from '../lib/upload-request.deferred';

export interface UploadProblemsProps {
  fileName: string;
  problems: RowProblem[];
  total: number;
  onDismiss: () => void;
}

export function UploadProblems({ fileName, problems, total, onDismiss }: UploadProblemsProps) {
  return (
    <Card withBorder padding="md" radius="md" data-testid="upload-problems">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          Problems found in {fileName}
        </Title>
        <CloseButton aria-label="Hide the problems" onClick={onDismiss} />
      </Group>
      <Text size="sm" c="dimmed" mb="xs">
        Nothing from this file was saved.{' '}
        {total > problems.length
          ? `${formatCount(total)} problems in all; the first ${problems.length} are listed.`
          : 'Fix these rows and upload the file again.'}
      </Text>
      <Table striped withTableBorder highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Line</Table.Th>
            <Table.Th>Column</Table.Th>
            <Table.Th>Problem</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {problems.map((problem, index) => (
            <Table.Tr key={`${problem.line}-${problem.column}-${index}`}>
              <Table.Td>{problem.line}</Table.Td>
              <Table.Td>{problem.column || '—'}</Table.Td>
              <Table.Td>{formatDatesInText(problem.message)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
