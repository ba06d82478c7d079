/**
 * The spending charts themselves, loaded only when the spending section opens (recharts is most
 * of its weight). They are pictures of what the text and the tables beside them already say, so
 * they are hidden from screen readers.
 */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDollars } from '@billow/contracts';
import {
  categoryLabel,
  chartShares,
  colourOf,
  type CategoryShare,
  type StackedMonth,
} from '../spending-figures';

const axisTick = { fill: 'currentColor', fontSize: 12 };
const tooltipStyle = {
  contentStyle: {
    background: 'var(--card)',
    border: '1px solid var(--border)',
    borderRadius: 12,
    color: 'var(--card-foreground)',
  },
  itemStyle: { color: 'var(--card-foreground)' },
};
const wholeDollars = (value: number) => `$${Math.round(value)}`;
/** Legend words in the text colour: the swatch beside them carries the series colour. */
const legendLabel = (name: unknown) => (
  <span className="text-foreground">{categoryLabel(String(name))}</span>
);

export function SpendingBarChart({ months, series }: { months: StackedMonth[]; series: string[] }) {
  return (
    <div aria-hidden="true" className="h-64 text-muted-foreground" data-chart="spending">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={months} accessibilityLayer={false} margin={{ left: -12, right: 4 }}>
          <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.15} />
          <XAxis dataKey="label" tick={axisTick} tickLine={false} axisLine={false} />
          <YAxis tick={axisTick} tickLine={false} axisLine={false} tickFormatter={wholeDollars} />
          <Tooltip
            {...tooltipStyle}
            cursor={{ fill: 'currentColor', fillOpacity: 0.08 }}
            formatter={(value, name) => [formatDollars(Number(value)), categoryLabel(String(name))]}
          />
          <Legend formatter={legendLabel} iconType="circle" />
          {series.map((key, index) => (
            <Bar key={key} dataKey={key} stackId="spend" fill={colourOf(key, index)} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function ShareDonut({ shares: all, series }: { shares: CategoryShare[]; series: string[] }) {
  const shares = chartShares(all, series);
  return (
    <div aria-hidden="true" className="h-56 text-muted-foreground" data-chart="share">
      <ResponsiveContainer width="100%" height="100%">
        <PieChart accessibilityLayer={false}>
          <Pie
            data={shares}
            dataKey="amount"
            nameKey="category"
            innerRadius="55%"
            outerRadius="85%"
            paddingAngle={2}
            stroke="var(--card)"
          >
            {shares.map((share) => (
              // A category keeps the colour it has in the bar chart.
              <Cell
                key={share.category}
                fill={colourOf(share.category, series.indexOf(share.category))}
              />
            ))}
          </Pie>
          <Tooltip
            {...tooltipStyle}
            formatter={(value, name) => [formatDollars(Number(value)), categoryLabel(String(name))]}
          />
          <Legend formatter={legendLabel} iconType="circle" />
        </PieChart>
      </ResponsiveContainer>
    </div>
  );
}
