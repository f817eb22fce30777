/**
 * The dialogs of Holdings (docs/product/portfolio.md#holdings): the add, edit and sell form (its schema, the symbol
 * search, Mantine's form and modal) with the mutations it sends, and the delete confirmation. The table is shown
 * without them: this module loads when the browser is idle after the page is drawn, or when a dialog is asked for
 * (docs/decisions.md#dialogs-on-demand).
 */
import { Modal } from '@mantine/core';
import { SUCCESS_MESSAGES, type HoldingFormMode } from '@bazaar/shared';
import {
  useAddHoldingMutation,
  useDeleteHoldingMutation,
  useSellHoldingMutation,
  useUpdateHoldingMutation,
  type HoldingInput,
  type StockExchange,
} from '../../../__generated__/graphql';
import { ConfirmDeleteModal } from '../../../components/form/confirm-delete-modal';
import { formatMarketDate } from '../../../lib/dates';
import { errorMessage } from '../../../lib/errors';
import { HoldingForm, type HoldingFormValues, type HoldingRow } from '../components/holding-form';

export type HoldingEditing = { mode: HoldingFormMode; holding?: HoldingRow } | null;

export interface HoldingDialogsProps {
  editing: HoldingEditing;
  /** The firm and segment of the page. */
  navigation: { firmName: string; segmentName: string };
  /** The firm's id (undefined while the firms load, or when no firm has the page's name). */
  firmId: string | undefined;
  onCloseForm: () => void;
  toDelete: HoldingRow | null;
  onCloseDelete: () => void;
  /** The success or error line above the table. */
  onMessage: (message: { kind: 'success' | 'error'; text: string }) => void;
  /** The page query, asked again after every save and delete. */
  refetch: () => Promise<unknown>;
}

export default function HoldingDialogs({
  editing,
  navigation,
  firmId,
  onCloseForm,
  toDelete,
  onCloseDelete,
  onMessage,
  refetch,
}: HoldingDialogsProps) {
  const [addHolding] = useAddHoldingMutation();
  const [updateHolding] = useUpdateHoldingMutation();
  const [sellHolding] = useSellHoldingMutation();
  const [deleteHolding, { loading: deleting }] = useDeleteHoldingMutation();

  async function save(values: HoldingFormValues) {
    if (!editing) return;
    if (editing.mode === 'sell' && editing.holding) {
      await sellHolding({
        variables: {
          id: editing.holding.id,
          input: {
            quantity: Number(values.quantity),
            sellPrice: values.sellPrice.trim(),
            sellingDate: values.sellingDate,
          },
        },
      });
      onMessage({ kind: 'success', text: SUCCESS_MESSAGES.holdingUpdated });
    } else {
      if (!firmId) throw new Error(`There is no brokerage firm named “${navigation.firmName}”.`);
      const keepsSellSide = editing.mode === 'edit' && editing.holding?.status === 'REALIZED';
      const input: HoldingInput = {
        symbol: values.symbol.trim(),
        price: values.price.trim(),
        quantity: Number(values.quantity),
        exchange: values.exchange as StockExchange,
        creationDate: values.creationDate,
        sellPrice: keepsSellSide ? values.sellPrice.trim() : null,
        sellingDate: keepsSellSide ? values.sellingDate : null,
        brokerageFirmId: firmId,
        segmentName: navigation.segmentName,
      };
      if (editing.mode === 'edit' && editing.holding) {
        await updateHolding({ variables: { id: editing.holding.id, input } });
        onMessage({ kind: 'success', text: SUCCESS_MESSAGES.holdingUpdated });
      } else {
        await addHolding({ variables: { input } });
        onMessage({ kind: 'success', text: SUCCESS_MESSAGES.holdingAdded });
      }
    }
    onCloseForm();
    await refetch();
  }

  async function confirmDelete() {
    if (!toDelete) return;
    try {
      const result = await deleteHolding({ variables: { id: toDelete.id } });
      onMessage({ kind: 'success', text: result.data?.deleteHolding.message ?? 'Holding deleted' });
      await refetch();
    } catch (failure) {
      onMessage({ kind: 'error', text: errorMessage(failure) });
    }
    onCloseDelete();
  }

  const title =
    editing?.mode === 'sell'
      ? `Sell ${editing.holding?.symbol ?? ''}`
      : editing?.mode === 'edit'
        ? 'Edit Holding'
        : 'Add Holding';
  return (
    <>
      <Modal opened={editing !== null} onClose={onCloseForm} title={title} centered size="lg">
        {editing && (
          <HoldingForm
            key={`${editing.mode}-${editing.holding?.id ?? 'new'}`}
            mode={editing.mode}
            holding={editing.holding}
            segmentName={navigation.segmentName}
            onSubmit={save}
          />
        )}
      </Modal>
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title="Delete holding"
        deleting={deleting}
        onCancel={onCloseDelete}
        onConfirm={confirmDelete}
      >
        Delete the holding of {toDelete?.quantity} <b>{toDelete?.symbol}</b> bought on{' '}
        {formatMarketDate(toDelete?.creationDate)}?
      </ConfirmDeleteModal>
    </>
  );
}
