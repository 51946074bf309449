/**
 * The chart-type control: tiles for the common types plus the current one, and 'View all charts'
 * opening the picker. Stub: the chart-type picker work fills this in.
 */
export type VizTypeControlProps = {
  value: string;
  onChange: (vizType: string) => void;
};

export function VizTypeControl({ value }: VizTypeControlProps) {
  return <p className="text-sm">{value}</p>;
}
