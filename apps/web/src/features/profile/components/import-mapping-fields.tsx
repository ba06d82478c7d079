/**
 * The column mapping of a CSV import: which column holds the date (and how it is written), the
 * description, and the money — one amount column (and which sign is money out) or a debit and a
 * credit column. Every change is handed up at once, and the preview is read again with it.
 */
import type { ImportDateFormat, ImportMapping } from '@billow/contracts';

const selectClass = 'w-full rounded-md border bg-background px-2 py-1.5 text-sm';

const dateFormats: { value: ImportDateFormat; label: string }[] = [
  { value: 'MDY', label: 'MM/DD/YYYY' },
  { value: 'DMY', label: 'DD/MM/YYYY' },
  { value: 'YMD', label: 'YYYY-MM-DD' },
];

function ColumnSelect(props: {
  label: string;
  columns: string[];
  value: number;
  onChange(column: number): void;
}) {
  return (
    <label className="space-y-1 text-sm">
      <span className="font-medium">{props.label}</span>
      <select
        className={selectClass}
        value={props.value}
        onChange={(event) => props.onChange(Number(event.target.value))}
      >
        {props.columns.map((name, i) => (
          <option key={i} value={i}>
            {name}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ImportMappingFields({
  columns,
  mapping,
  onChange,
}: {
  columns: string[];
  mapping: ImportMapping;
  onChange(mapping: ImportMapping): void;
}) {
  const { amount } = mapping;
  const set = (change: Partial<ImportMapping>) => onChange({ ...mapping, ...change });
  return (
    <fieldset className="grid grid-cols-2 gap-3">
      <legend className="col-span-2 mb-2 text-sm font-medium">Columns</legend>
      <label className="col-span-2 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={mapping.hasHeader}
          onChange={(event) => set({ hasHeader: event.target.checked })}
        />
        The first row names the columns
      </label>
      <ColumnSelect
        label="Date"
        columns={columns}
        value={mapping.dateColumn}
        onChange={(dateColumn) => set({ dateColumn })}
      />
      <label className="space-y-1 text-sm">
        <span className="font-medium">Date format</span>
        <select
          className={selectClass}
          value={mapping.dateFormat}
          onChange={(event) => set({ dateFormat: event.target.value as ImportDateFormat })}
        >
          {dateFormats.map((format) => (
            <option key={format.value} value={format.value}>
              {format.label}
            </option>
          ))}
        </select>
      </label>
      <ColumnSelect
        label="Description"
        columns={columns}
        value={mapping.descriptionColumn}
        onChange={(descriptionColumn) => set({ descriptionColumn })}
      />
      <label className="space-y-1 text-sm">
        <span className="font-medium">Amounts</span>
        <select
          className={selectClass}
          value={amount.kind}
          onChange={(event) =>
            set({
              amount:
                event.target.value === 'amount'
                  ? {
                      kind: 'amount',
                      column: amount.kind === 'amount' ? amount.column : amount.debitColumn,
                      moneyOut: 'negative',
                    }
                  : {
                      kind: 'debit-credit',
                      debitColumn: amount.kind === 'amount' ? amount.column : amount.debitColumn,
                      creditColumn: amount.kind === 'amount' ? amount.column : amount.creditColumn,
                    },
            })
          }
        >
          <option value="amount">One amount column</option>
          <option value="debit-credit">Debit and credit columns</option>
        </select>
      </label>
      {amount.kind === 'amount' ? (
        <>
          <ColumnSelect
            label="Amount"
            columns={columns}
            value={amount.column}
            onChange={(column) => set({ amount: { ...amount, column } })}
          />
          <label className="space-y-1 text-sm">
            <span className="font-medium">Money out is</span>
            <select
              className={selectClass}
              value={amount.moneyOut}
              onChange={(event) =>
                set({
                  amount: { ...amount, moneyOut: event.target.value as 'negative' | 'positive' },
                })
              }
            >
              <option value="negative">Negative (−12.00)</option>
              <option value="positive">Positive (12.00)</option>
            </select>
          </label>
        </>
      ) : (
        <>
          <ColumnSelect
            label="Debit (money out)"
            columns={columns}
            value={amount.debitColumn}
            onChange={(debitColumn) => set({ amount: { ...amount, debitColumn } })}
          />
          <ColumnSelect
            label="Credit (money in)"
            columns={columns}
            value={amount.creditColumn}
            onChange={(creditColumn) => set({ amount: { ...amount, creditColumn } })}
          />
        </>
      )}
    </fieldset>
  );
}
