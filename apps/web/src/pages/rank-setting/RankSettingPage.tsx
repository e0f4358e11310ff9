import {
  RANK_MIN_KOLS,
  SORTING_INDICATORS,
  type SortingIndicator,
  TIME_UNITS,
  type TimeUnit,
} from '@kolscope/contract';
import { Selector, Stepper, Switch } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ViewFormPage } from '../../features/view-form/ViewFormPage';
import { weightsSum } from './rankForm';
import { useRankForm } from './useRankForm';
import './rank-setting.css';
import { TitleField } from '../../features/view-form/TitleField';

/** A setting row: label and hint on the left, the control on the right. */
function Row({
  label,
  hint,
  children,
  testId,
}: {
  label: string;
  hint?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div className="rank-set__row" data-testid={testId}>
      <div className="rank-set__text">
        <div className="rank-set__label">{label}</div>
        {hint && <div className="rank-set__hint">{hint}</div>}
      </div>
      <div className="rank-set__control">{children}</div>
    </div>
  );
}

/** A whole-number stepper that may be left empty (save then says what is missing). */
function CountStepper({
  testId,
  min,
  max,
  value,
  onChange,
}: {
  testId: string;
  min: number;
  max?: number;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  return (
    <Stepper
      data-testid={testId}
      min={min}
      max={max}
      step={1}
      digits={0}
      allowEmpty
      value={value}
      onChange={onChange}
    />
  );
}

type NumberKey = 'authorWeight' | 'tweetWeight' | 'commentWeight' | 'retweetWeight' | 'exposureWeight';
const WEIGHTS: { key: NumberKey; min: number; max: number; step: number; digits: number; testId: string }[] = [
  { key: 'authorWeight', min: 1, max: 5, step: 0.5, digits: 1, testId: 'rank-author-weight' },
  { key: 'tweetWeight', min: 1, max: 3, step: 0.5, digits: 1, testId: 'rank-tweet-weight' },
];
const SPLIT: typeof WEIGHTS = [
  { key: 'commentWeight', min: 0, max: 1, step: 0.05, digits: 2, testId: 'rank-comment-weight' },
  { key: 'retweetWeight', min: 0, max: 1, step: 0.05, digits: 2, testId: 'rank-retweet-weight' },
  { key: 'exposureWeight', min: 0, max: 1, step: 0.05, digits: 2, testId: 'rank-exposure-weight' },
];

/** /rank-setting (create) and /rank-setting/:id (edit): the ranking's fields (spec section 2). */
export default function RankSettingPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const rank = useRankForm(id);
  const { form, change, error } = rank;

  const sum = weightsSum(form);
  const stepper = (w: (typeof WEIGHTS)[number]) => (
    <Stepper
      data-testid={w.testId}
      min={w.min}
      max={w.max}
      step={w.step}
      digits={w.digits}
      value={form[w.key]}
      onChange={(v) => change(w.key, v ?? w.min)}
    />
  );
  const toggle = (key: 'logTransform' | 'newCoinEntry' | 'fastestRising', testId: string) => (
    <Switch data-testid={testId} checked={form[key]} onChange={(on) => change(key, on)} />
  );

  return (
    <ViewFormPage
      title={t(rank.editing ? 'rankSetting.editTitle' : 'rankSetting.createTitle')}
      form={rank}
      testIds={{ state: 'rank-setting', save: 'rank-save' }}
      tone="grey"
    >
      <TitleField
        label={t('rankSetting.title')}
        testId="rank-title"
        value={form.title}
        onChange={(v) => change('title', v)}
        error={error === 'titleRequired' ? t('rankSetting.titleRequired') : undefined}
        placeholder={t('rankSetting.titlePlaceholder')}
      />

      <section className="rank-set__card">
        <h2>{t('rankSetting.sectionList')}</h2>
        <Row label={t('rankSetting.topNum')} hint={t('rankSetting.topNumHint')}>
          <CountStepper
            testId="rank-top-num"
            min={10}
            max={100}
            value={form.topNum}
            onChange={(v) => change('topNum', v)}
          />
        </Row>
        {error === 'topNumRange' && <p className="rank-set__error">{t('rankSetting.topNumRange')}</p>}
        <div className="rank-set__block">
          <div className="rank-set__label">{t('rankSetting.statRange')}</div>
          <div className="rank-set__hint">{t('rankSetting.statRangeHint')}</div>
          <div className="rank-set__range">
            <CountStepper
              testId="rank-range-amount"
              min={1}
              value={form.rangeAmount}
              onChange={(v) => change('rangeAmount', v)}
            />
            <Selector
              className="rank-set__units"
              columns={3}
              options={(Object.keys(TIME_UNITS) as TimeUnit[]).map((unit) => ({
                value: unit,
                label: <span data-testid={`rank-range-unit-${unit}`}>{t(`rankSetting.unit.${unit}`)}</span>,
              }))}
              value={[form.rangeUnit]}
              showCheckMark={false}
              onChange={(v) => v[0] && change('rangeUnit', v[0])}
            />
          </div>
          {error === 'statRangeInvalid' && <p className="rank-set__error">{t('rankSetting.statRangeInvalid')}</p>}
        </div>
        <div className="rank-set__block">
          <div className="rank-set__label">{t('rankSetting.sortBy')}</div>
          <Selector
            className="rank-set__indicators"
            columns={2}
            showCheckMark={false}
            options={SORTING_INDICATORS.map((key) => ({
              value: key,
              label: <span data-testid={`rank-sort-${key}`}>{t(`rankSetting.indicator.${key}`)}</span>,
            }))}
            value={[form.sortingIndicatorType]}
            onChange={(v) => v[0] && change('sortingIndicatorType', v[0] as SortingIndicator)}
          />
        </div>
      </section>

      <section className="rank-set__card">
        <h2>{t('rankSetting.sectionHeat')}</h2>
        {WEIGHTS.map((w) => (
          <Row key={w.key} label={t(`rankSetting.${w.key}`)} hint={t(`rankSetting.${w.key}Hint`)}>
            {stepper(w)}
          </Row>
        ))}
        <div className="rank-set__hint rank-set__split-hint">{t('rankSetting.weightsHint')}</div>
        {SPLIT.map((w) => (
          <Row key={w.key} label={t(`rankSetting.${w.key}`)}>
            {stepper(w)}
          </Row>
        ))}
        <div
          className={`rank-set__sum${sum.valid ? '' : ' rank-set__sum--bad'}`}
          data-testid="rank-weights-sum"
          data-valid={sum.valid}
        >
          {t('rankSetting.weightsSum', { sum: sum.text })}
          {!sum.valid && ` · ${t('rankSetting.weightsSumInvalid')}`}
        </div>
        <Row label={t('rankSetting.logTransform')} hint={t('rankSetting.logTransformHint')}>
          {toggle('logTransform', 'rank-log-transform')}
        </Row>
      </section>

      <section className="rank-set__card">
        <h2>{t('rankSetting.sectionExtras')}</h2>
        <Row label={t('rankSetting.newCoinEntry')} hint={t('rankSetting.newCoinEntryHint', { min: RANK_MIN_KOLS })}>
          {toggle('newCoinEntry', 'rank-new-entry')}
        </Row>
        <Row label={t('rankSetting.fastestRising')} hint={t('rankSetting.fastestRisingHint', { min: RANK_MIN_KOLS })}>
          {toggle('fastestRising', 'rank-fastest-rising')}
        </Row>
      </section>
    </ViewFormPage>
  );
}
