/**
 * The big number as HTML: the number on one line, the subheader and subtitle below, left aligned
 * and centred vertically as Superset's BigNumber draws it. Sizes and colours come in the props.
 */
import type { BigNumberLine, BigNumberTotalModel } from './transform-props';

export function KpiLine({ line, className, color }: { line: BigNumberLine; className: string; color?: string }) {
  return (
    <div className={`${className} whitespace-nowrap leading-none`} style={{ fontSize: line.fontSize, height: line.height, color }}>
      {line.text}
    </div>
  );
}

export function BigNumberTotalView({ model }: { model: BigNumberTotalModel }) {
  const { header, subheader, subtitle, metricName } = model.props;
  return (
    <div
      className="flex flex-col items-start justify-center overflow-hidden font-sans text-slate-900 dark:text-slate-100"
      style={{ width: model.width, height: model.height }}
      data-viz="big_number_total"
    >
      {metricName ? <KpiLine line={metricName} className="metric-name pb-[0.3em] text-slate-600 dark:text-slate-300" /> : null}
      <KpiLine line={header} className="header-line relative font-semibold" color={header.color} />
      {subheader ? <KpiLine line={subheader} className="subheader-line pb-[0.3em] text-slate-600 dark:text-slate-300" /> : null}
      {subtitle ? <KpiLine line={subtitle} className="subtitle-line text-slate-500 dark:text-slate-400" /> : null}
    </div>
  );
}

export default BigNumberTotalView;
