/**
 * The search box of tables and lists: a magnifier, the text, and a Search button. Typing searches
 * at once; the button (or Enter) searches again for what is typed.
 */
import type { CSSProperties } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

export interface SearchFormProps {
  /** The text field's accessible name ("Search Brokers"). */
  label: string;
  value: string;
  onSearch: (text: string) => void;
  style?: CSSProperties;
}

export function SearchForm({ label, value, onSearch, style }: SearchFormProps) {
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(value);
      }}
      style={style}
    >
      <Group gap={4} wrap="nowrap">
        <TextInput
          aria-label={label}
          placeholder="Search"
          leftSection={<IconSearch size={16} />}
          value={value}
          onChange={(event) => onSearch(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default">
          Search
        </Button>
      </Group>
    </form>
  );
}
