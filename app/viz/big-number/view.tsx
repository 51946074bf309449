/**
 * The big number with its trendline: the texts in the upper part, and below them a box of the
 * trendline's size marked data-trendline. The page layer draws the trendline model to SVG on the
 * server (`trendlineSvg`), so this view renders the same everywhere.
 */
import { KpiLine } from '../big-number-total/view';
import type { BigNumberModel } from './transform-props';

const CHANGE_COLOR = { positive: 'text-emerald-600 dark:text-emerald-400', negative: 'text-rose-600 dark:text-rose-400', '': 'text-slate-600 dark:text-slate-300' };

export function BigNumberView({ model }: { model: BigNumberModel }) {
  const { kicker, header, subheader, subtitle, metricName, fallbackWarning, trendline, textHeight, className } = model.props;
  const faded = fallbackWarning ? 'opacity-60' : '';
  return (
    <div
      className="flex flex-col items-start justify-center overflow-hidden font-sans text-slate-900 dark:text-slate-100"
      style={{ width: model.width, height: model.height }}
      data-viz="big_number"
    >
      <div className="flex flex-col items-start justify-center" style={{ height: textHeight }}>
        {fallbackWarning ? (
          <span role="alert" title={fallbackWarning.title} className="mb-1 rounded bg-amber-100 px-1 text-xs leading-none text-amber-800">
            {fallbackWarning.text}
          </span>
        ) : null}
        {kicker ? <KpiLine line={kicker} className={`kicker pb-[2em] ${faded}`} /> : null}
        {metricName ? <KpiLine line={metricName} className={`metric-name pb-[0.3em] text-slate-600 dark:text-slate-300 ${faded}`} /> : null}
        <KpiLine line={header} className={`header-line relative font-semibold ${faded}`} />
        {subheader ? <KpiLine line={subheader} className={`subheader-line ${CHANGE_COLOR[className]} ${faded}`} /> : null}
        {subtitle ? <KpiLine line={subtitle} className={`subtitle-line text-slate-500 dark:text-slate-400 ${faded}`} /> : null}
      </div>
      {trendline ? (
        <div
          data-trendline=""
          className="shrink-0 [&>svg]:h-full [&>svg]:w-full"
          style={{ width: trendline.width, height: trendline.height }}
          // The server's drawing of the trendline model (renderChart), static: the numbers above carry the meaning.
          dangerouslySetInnerHTML={model.props.trendlineSvg ? { __html: model.props.trendlineSvg } : undefined}
        />
      ) : null}
    </div>
  );
}

export default BigNumberView;
