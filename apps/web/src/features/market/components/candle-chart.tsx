import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  type CandlestickData,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle, Timeframe } from '@swx/contract';
import { numberFormat } from '../../../shared/format/format-number';
import { realtime } from '../../../shared/realtime/realtime';
import { useConvention } from '../../../shared/market/up-down';
import { useTheme } from '../../../shared/ui/theme';
import { barFromTick, toBar, type Bar } from '../candles';

function cssColour(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

function themeOptions() {
  const rise = cssColour('--color-rise', '#067647');
  const fall = cssColour('--color-fall', '#b42318');
  const line = cssColour('--color-line', '#d5dbe3');
  return {
    chart: {
      layout: {
        background: { type: ColorType.Solid, color: cssColour('--color-surface', '#ffffff') },
        textColor: cssColour('--color-muted', '#4a5565'),
      },
      grid: { vertLines: { color: line }, horzLines: { color: line } },
      rightPriceScale: { borderColor: line },
      timeScale: { borderColor: line },
    },
    series: {
      upColor: rise,
      downColor: fall,
      borderUpColor: rise,
      borderDownColor: fall,
      wickUpColor: rise,
      wickDownColor: fall,
    },
  };
}

function asData(bar: Bar): CandlestickData<UTCTimestamp> {
  return { ...bar, time: bar.time as UTCTimestamp };
}

/**
 * The candlestick chart of one instrument (its own lazy chunk: lightweight-charts never ships with
 * the home route). Colours follow the theme and the up/down convention; the last candle follows
 * the instrument's ticks.
 */
export default function CandleChart({
  code,
  timeframe,
  candles,
  precision,
}: {
  code: string;
  timeframe: Timeframe;
  candles: readonly Candle[];
  precision: number;
}) {
  const { t, i18n } = useTranslation('markets');
  const container = useRef<HTMLDivElement>(null);
  const chartRef = useRef<IChartApi | null>(null);
  const seriesRef = useRef<ISeriesApi<'Candlestick'> | null>(null);
  const lastRef = useRef<Bar | undefined>(undefined);
  const theme = useTheme();
  const convention = useConvention();
  const locale = i18n.language;

  // One chart per mount.
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const options = themeOptions();
    const chart = createChart(element, { autoSize: true, ...options.chart });
    const series = chart.addSeries(CandlestickSeries, options.series);
    chartRef.current = chart;
    seriesRef.current = series;
    return () => {
      chart.remove();
      chartRef.current = null;
      seriesRef.current = null;
    };
  }, []);

  // Theme and convention.
  useEffect(() => {
    const options = themeOptions();
    chartRef.current?.applyOptions(options.chart);
    seriesRef.current?.applyOptions(options.series);
  }, [theme, convention]);

  // Language and precision of the price scale.
  useEffect(() => {
    const format = numberFormat(locale, {
      minimumFractionDigits: precision,
      maximumFractionDigits: precision,
    });
    chartRef.current?.applyOptions({
      localization: { locale, priceFormatter: (price: number) => format.format(price) },
    });
    seriesRef.current?.applyOptions({
      priceFormat: { type: 'price', precision, minMove: 10 ** -precision },
    });
  }, [locale, precision]);

  // Data of the timeframe.
  useEffect(() => {
    const series = seriesRef.current;
    const chart = chartRef.current;
    if (!series || !chart) return;
    const bars = candles.map(toBar);
    series.setData(bars.map(asData));
    lastRef.current = bars.at(-1);
    chart.applyOptions({
      timeScale: {
        timeVisible: timeframe.endsWith('min') || timeframe.endsWith('hour'),
        secondsVisible: false,
      },
    });
    chart.timeScale().fitContent();
    container.current?.setAttribute('data-rendered-timeframe', timeframe);
    container.current?.setAttribute('data-bars', String(bars.length));
  }, [candles, timeframe]);

  // Ticks move the last candle or start the next one.
  useEffect(
    () =>
      realtime.subscribe([code], (tick) => {
        if (tick.code !== code) return;
        const bar = barFromTick(lastRef.current, tick, timeframe);
        if (!bar || !seriesRef.current) return;
        seriesRef.current.update(asData(bar));
        lastRef.current = bar;
        container.current?.setAttribute('data-last-close', String(bar.close));
      }),
    [code, timeframe],
  );

  return (
    <div
      ref={container}
      dir="ltr"
      role="img"
      aria-label={t('chart.label', { code, timeframe: t(`tf.${timeframe}`) })}
      data-testid="candle-chart"
      className="h-80 w-full sm:h-96"
    />
  );
}
