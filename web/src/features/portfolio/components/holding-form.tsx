/**
 * The holding modal's form (docs/product/portfolio.md#holdings), in three modes:
 * - add / edit: the symbol input shows a dropdown of priced symbols filtered by the typed text,
 *   hidden when the input is empty or a symbol is chosen; picking one fills in the current price.
 *   The date is labelled 'Creation Date'.
 * - sell: no dropdown, exchange disabled, buy-side fields read-only, the date labelled 'Buying Date',
 *   the selling date set to today; the quantity is how many of the held shares are sold.
 * The submit button stays disabled while the form is invalid (the shared holding form rules).
 * By keys (docs/product/common.md#keyboard): the dialog opens in the symbol input (add, edit); ArrowDown enters the
 * list of symbols, the arrows move in it, Escape goes back to the input, and Enter or Space picks one, the focus going
 * back to the input (the picked option leaves the page with the list).
 */
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  adjustmentBadge,
  exchangeToday,
  EXCHANGES,
  formatMarketDate,
  formatRupees,
  holdingFormSchema,
  roundDecimal,
  type HoldingFormMode,
} from '@bazaar/shared';
import { useHoldingSymbolsQuery, type HoldingsPageQuery } from '../../../__generated__/graphql';
import { useSaveAction } from '../../../components/form/save-form';
import { formIsValid, useZodForm } from '../../../components/form/use-zod-form';

export type HoldingRow = HoldingsPageQuery['holdingConnection']['edges'][number]['node'];

export interface HoldingFormValues extends Record<string, unknown> {
  symbol: string;
  currentPrice: string;
  price: string;
  exchange: string;
  quantity: string;
  creationDate: string;
  sellPrice: string;
  sellingDate: string;
}

export interface HoldingFormProps {
  mode: HoldingFormMode;
  /** The holding edited or sold. */
  holding?: HoldingRow;
  segmentName: string;
  onSubmit: (values: HoldingFormValues) => Promise<void>;
}

function initialValues(mode: HoldingFormMode, holding: HoldingRow | undefined, today: string): HoldingFormValues {
  if (!holding) {
    return {
      symbol: '',
      currentPrice: '',
      price: '',
      exchange: 'NSE',
      quantity: '',
      creationDate: today,
      sellPrice: '',
      sellingDate: '',
    };
  }
  // an edit works on the trade as entered; a sale counts in today's shares (after splits and bonuses)
  return {
    symbol: holding.symbol,
    currentPrice: holding.currentPrice ?? '',
    price: mode === 'sell' ? roundDecimal(holding.price, 4).replace(/\.?0+$/, '') : holding.tradedPrice,
    exchange: holding.exchange,
    quantity: String(mode === 'sell' ? Math.floor(holding.quantity) : holding.tradedQuantity),
    creationDate: holding.creationDate,
    // a sale starts at the latest close (the price a sale today would most likely get)
    sellPrice: mode === 'sell' ? (holding.currentPrice ?? '') : (holding.sellPrice ?? ''),
    sellingDate: mode === 'sell' ? today : (holding.sellingDate ?? ''),
  };
}

export function HoldingForm({ mode, holding, segmentName, onSubmit }: HoldingFormProps) {
  const today = useMemo(() => exchangeToday(), []);
  const sold = holding?.status === 'REALIZED';
  // a sale sells whole shares: a bonus may have left a fraction, which goes with the last of them
  const heldQuantity = holding === undefined ? undefined : Math.floor(holding.quantity);
  // the held quantity counts in the price date's shares: a later sale is the server's to count
  const heldOn = holding?.priceDate ?? undefined;
  const schema = useMemo(
    () => holdingFormSchema({ mode, today, heldQuantity, heldOn, sold }),
    [mode, today, heldQuantity, heldOn, sold],
  );
  const form = useZodForm<HoldingFormValues>(schema, initialValues(mode, holding, today));
  // a symbol counts as chosen once picked from the list (or when editing an existing holding)
  const [chosen, setChosen] = useState(Boolean(holding));
  const { failure, saving, submit } = useSaveAction(onSubmit);
  const selling = mode === 'sell';
  const showSellSide = selling || (mode === 'edit' && sold);

  const symbolText = form.values.symbol.trim();
  const [debouncedSymbol] = useDebouncedValue(symbolText, 200);
  const dropdownOpen = !selling && !chosen && symbolText !== '';
  // a sale keeps the purchase's symbol, price and date: read-only fields look it (filled, no border)
  const fixedWhenSelling = { readOnly: selling, variant: selling ? 'filled' : 'default' } as const;
  const symbols = useHoldingSymbolsQuery({
    variables: { search: debouncedSymbol },
    skip: !dropdownOpen || debouncedSymbol === '',
  });

  function typeSymbol(text: string) {
    form.setFieldValue('symbol', text.toUpperCase());
    setChosen(false);
    // the current price belongs to the picked symbol only
    form.setFieldValue('currentPrice', '');
  }

  const symbolInput = useRef<HTMLInputElement>(null);
  const symbolList = useRef<HTMLDivElement>(null);

  function pickSymbol(symbol: string, closePrice: string) {
    form.setFieldValue('symbol', symbol);
    form.setFieldValue('currentPrice', closePrice);
    setChosen(true);
    // the focused option is removed with the list: left there, the focus would fall to the page's body
    symbolInput.current?.focus();
  }

  /** The arrows move between the input and the options, Escape goes back to the input. */
  function moveInSymbols(event: KeyboardEvent<HTMLElement>) {
    const options = [...(symbolList.current?.querySelectorAll<HTMLButtonElement>('[role="option"]') ?? [])];
    const at = options.findIndex((option) => option === document.activeElement);
    let next: HTMLElement | undefined;
    if (event.key === 'ArrowDown') next = options[Math.min(at + 1, options.length - 1)];
    else if (event.key === 'ArrowUp' && at >= 0) next = at === 0 ? (symbolInput.current ?? undefined) : options[at - 1];
    else if (event.key === 'Escape' && at >= 0) next = symbolInput.current ?? undefined;
    if (!next) return;
    // the arrows would move the caret or scroll the dialog; Escape would close it
    event.preventDefault();
    event.stopPropagation();
    next.focus();
  }

  return (
    <form noValidate onSubmit={form.onSubmit(submit)}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert" data-testid="holding-form-error">
            {failure}
          </Alert>
        )}
        <div style={{ position: 'relative' }}>
          <TextInput
            label="Symbol"
            required
            autoComplete="off"
            {...fixedWhenSelling}
            {...form.getInputProps('symbol')}
            ref={symbolInput}
            // the dialog opens here when there is a symbol to choose (Mantine's focus trap takes data-autofocus)
            data-autofocus={selling ? undefined : true}
            aria-controls={dropdownOpen ? 'holding-symbol-options' : undefined}
            onChange={(event) => typeSymbol(event.currentTarget.value)}
            onKeyDown={dropdownOpen ? moveInSymbols : undefined}
          />
          {dropdownOpen && (
            <Paper
              withBorder
              shadow="md"
              mt={4}
              p={4}
              role="listbox"
              aria-label="Symbols"
              id="holding-symbol-options"
              ref={symbolList}
              onKeyDown={moveInSymbols}
              data-testid="symbol-dropdown"
              // in the form's flow, not floating: a floating list was cut off by the modal's edge
            >
              {symbols.loading || debouncedSymbol !== symbolText ? (
                <Group justify="center" p="xs">
                  <Loader size="xs" aria-label="Loading symbols" />
                </Group>
              ) : (symbols.data?.holdingSymbols.length ?? 0) === 0 ? (
                <Text size="sm" c="dimmed" p="xs">
                  No symbol with prices matches “{symbolText}”.
                </Text>
              ) : (
                symbols.data?.holdingSymbols.map((option) => (
                  <UnstyledButton
                    key={option.symbol}
                    role="option"
                    aria-selected={false}
                    display="block"
                    w="100%"
                    p={6}
                    onClick={() => pickSymbol(option.symbol, option.closePrice)}
                  >
                    <Group justify="space-between">
                      <Text size="sm" fw={600}>
                        {option.symbol}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatRupees(option.closePrice)} · {formatMarketDate(option.tradeDate)}
                      </Text>
                    </Group>
                  </UnstyledButton>
                ))
              )}
            </Paper>
          )}
        </div>
        <SimpleGrid cols={2}>
          {/* read-only fields look it (filled, no border), so nobody tries to type into them */}
          <TextInput label="Current Price" required readOnly variant="filled" {...form.getInputProps('currentPrice')} />
          <TextInput
            label="Price"
            required
            inputMode="decimal"
            {...fixedWhenSelling}
            {...form.getInputProps('price')}
          />
          <Select
            label="Exchange"
            required
            data={[...EXCHANGES]}
            disabled={selling}
            allowDeselect={false}
            {...form.getInputProps('exchange')}
          />
          <TextInput
            label={selling ? 'Quantity to sell' : 'Quantity'}
            required
            inputMode="numeric"
            {...form.getInputProps('quantity')}
          />
          <TextInput label="Instrument Type" readOnly variant="filled" value={segmentName} />
          <TextInput
            label={selling ? 'Buying Date' : 'Creation Date'}
            type="date"
            required
            {...fixedWhenSelling}
            max={today}
            {...form.getInputProps('creationDate')}
          />
          {showSellSide && (
            <>
              <TextInput label="Sell Price" required inputMode="decimal" {...form.getInputProps('sellPrice')} />
              <TextInput label="Selling Date" type="date" required max={today} {...form.getInputProps('sellingDate')} />
            </>
          )}
        </SimpleGrid>
        {selling && holding && (
          <Text size="xs" c="dimmed">
            {holding.quantity} held
            {holding.adjustments.length > 0 &&
              ` (${holding.tradedQuantity} bought, ${adjustmentBadge(holding.adjustments) ?? ''})`}
            . Selling fewer keeps the rest as an open holding.
          </Text>
        )}
        <Button type="submit" loading={saving} disabled={!formIsValid(schema, form.values)}>
          {mode === 'add' ? 'Add Holding' : mode === 'sell' ? 'Sell' : 'Save'}
        </Button>
      </Stack>
    </form>
  );
}
