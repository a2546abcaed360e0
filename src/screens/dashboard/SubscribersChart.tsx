import { BarChart } from '@mui/x-charts/BarChart';
import { useTheme } from '@mui/material/styles';
import dayjs from 'dayjs';
import type { SubscriberDay } from '../../shared/contracts/dashboard';
import { formatDisplayDate } from '../../shared/formats';
import { DASHBOARD_CARDS_MESSAGES } from '../../shared/messages/dashboardCards';

export interface SubscribersChartProps {
  days: SubscriberDay[];
}

/**
 * The subscribers added per day as bars (MUI X Charts, its own chunk: loaded by the dashboard's
 * subscribers card only). Its colours and axis text come from the theme, so it reads in both; a
 * screen reader reads the card's table instead (the chart is hidden from it).
 */
export function SubscribersChart({ days }: SubscribersChartProps) {
  const theme = useTheme();
  return (
    <BarChart
      height={220}
      aria-hidden
      hideLegend
      margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      xAxis={[
        {
          scaleType: 'band',
          data: days.map((day) => day.date),
          valueFormatter: (date: string, context) =>
            context.location === 'tick' ? dayjs(date).format('D MMM') : formatDisplayDate(date),
          tickLabelMinGap: 12,
        },
      ]}
      // Whole subscribers only; a month without any still has a scale (0 to 1).
      yAxis={[{ tickMinStep: 1, width: 40, min: 0, ...(days.some((day) => day.count) ? {} : { max: 1 }) }]}
      series={[
        {
          data: days.map((day) => day.count),
          label: DASHBOARD_CARDS_MESSAGES.subscribersSeries,
          color: theme.palette.primary.main,
        },
      ]}
    />
  );
}

export default SubscribersChart;
