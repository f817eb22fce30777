/**
 * The Import tradebook button (docs/product/portfolio.md#tradebook-import). Its dialog (the file input, the preview
 * tables) is a module of its own, loaded when the button is pointed at, focused or clicked
 * (docs/decisions.md#dialogs-on-demand): a click opens it once it is there, the button waiting meanwhile. Closed,
 * the dialog hands the focus back to the button (docs/product/common.md#keyboard).
 */
import { useEffect, useRef, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { loadedModule, loadOnce, preload } from '../../../lib/deferred';

const loadDialog = () => import('./import-tradebook-dialog.deferred');
const preloadDialog = () => preload(loadDialog);

interface ImportTradebookButtonProps {
  /** The firm and segment chosen at first (the page's own, when it has them). */
  firmName?: string | undefined;
  segmentName?: string | undefined;
  /** Called after a commit, to refresh what the page shows. */
  onImported?: () => void;
}

export function ImportTradebookButton({ firmName, segmentName, onImported }: ImportTradebookButtonProps) {
  const [opened, setOpened] = useState(false);
  // every opening mounts a fresh dialog (it starts at the first step)
  const [opening, setOpening] = useState(0);
  const [failed, setFailed] = useState(false);
  const [, setLoads] = useState(0);
  const Dialog = loadedModule(loadDialog)?.default;
  const button = useRef<HTMLButtonElement>(null);
  // Mantine's Modal returns the focus only to what had it when `opened` turned true after its first render; this
  // dialog is mounted afresh, already open, for every opening (and the button is disabled while it loads), so it
  // never learns where the focus was and left it on the page's body: the button takes it back once the dialog closed
  const focusBack = useRef(false);
  useEffect(() => {
    if (opened || !focusBack.current) return;
    focusBack.current = false;
    button.current?.focus();
  }, [opened]);

  function open() {
    setFailed(false);
    setOpening((count) => count + 1);
    setOpened(true);
    loadOnce(loadDialog).then(
      () => setLoads((count) => count + 1),
      () => {
        setOpened(false);
        setFailed(true);
      },
    );
  }

  return (
    <>
      <Button
        ref={button}
        variant="light"
        leftSection={<IconFileImport size={16} />}
        onClick={open}
        onPointerEnter={preloadDialog}
        onFocus={preloadDialog}
        loading={opened && !Dialog}
        data-testid="import-tradebook-button"
      >
        Import tradebook
      </Button>
      {failed && (
        <Text size="xs" c="red" role="alert">
          The import could not be loaded. Please try again.
        </Text>
      )}
      {Dialog && opening > 0 && (
        <Dialog
          key={opening}
          opened={opened}
          onClose={() => {
            focusBack.current = true;
            setOpened(false);
          }}
          firmName={firmName}
          segmentName={segmentName}
          onImported={onImported}
        />
      )}
    </>
  );
}
