/**
 * The price line in the detail popup, loaded with recharts only when a popup shows
 * one: each payment a point, the price a step line, each change marked with a ring. The
 * sentence beside it says the same for screen readers, which skip the picture.
 */
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceDot,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDollars } from '@billow/contracts';
import { formatShortDate } from '@/lib/dates';
import type { PricePoint } from '../price-history';

const axisTick = { fill: 'currentColor', fontSize: 11 };

export default function PriceHistoryChart({ points }: { points: PricePoint[] }) {
  const today = new Date();
  const amounts = points.map((p) => p.amount);
  const low = Math.min(...amounts);
  const high = Math.max(...amounts);
  const pad = Math.max(1, (high - low) * 0.2);
  return (
    <div aria-hidden="true" className="h-40 text-muted-foreground" data-chart="price-history">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={points} accessibilityLayer={false} margin={{ left: -8, right: 8 }}>
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
          <XAxis
            dataKey="date"
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            minTickGap={24}
            tickFormatter={(date: string) => formatShortDate(date, today)}
          />
          <YAxis
            tick={axisTick}
            tickLine={false}
            axisLine={false}
            width={56}
            domain={[Math.max(0, Math.floor(low - pad)), Math.ceil(high + pad)]}
            tickFormatter={(value: number) => formatDollars(value)}
          />
          <Tooltip
            contentStyle={{
              background: 'var(--card)',
              border: '1px solid var(--border)',
              borderRadius: 12,
              color: 'var(--card-foreground)',
            }}
            labelFormatter={(date) => formatShortDate(String(date), today)}
            formatter={(value) => [formatDollars(Number(value)), 'Paid']}
          />
          <Line
            type="stepAfter"
            dataKey="amount"
            stroke="var(--primary)"
            strokeWidth={2}
            dot={{ r: 2.5, fill: 'var(--primary)' }}
            isAnimationActive={false}
          />
          {points
            .filter((point) => point.isChange)
            .map((point) => (
              <ReferenceDot
                key={point.date}
                x={point.date}
                y={point.amount}
                r={6}
                fill="none"
                stroke="var(--due)"
                strokeWidth={2}
              />
            ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
