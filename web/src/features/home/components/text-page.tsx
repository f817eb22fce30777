/** The layout of the static pages (Terms, Privacy, About): a title, an optional note, sections of text. */
import type { ReactNode } from 'react';
import { Stack, Text, Title, Typography } from '@mantine/core';

export interface TextSection {
  heading: string;
  body: ReactNode;
}

export function TextPage({
  title,
  note,
  sections,
  after,
  testId,
}: {
  title: string;
  note?: ReactNode;
  sections: TextSection[];
  /** Shown after the text, outside its typography (whose link colour would override buttons' colours). */
  after?: ReactNode;
  testId: string;
}) {
  return (
    <Stack maw={820} gap="lg" data-testid={testId}>
      <div>
        <Title order={1}>{title}</Title>
        {note && (
          <Text c="dimmed" mt={4}>
            {note}
          </Text>
        )}
      </div>
      <Typography>
        {sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.body}
          </section>
        ))}
      </Typography>
      {after}
    </Stack>
  );
}
