import type { ViewListItem } from '@kolscope/contract';
import { DRAG_MOUSE_DISTANCE_PX, DRAG_TOUCH_DELAY_MS } from '@kolscope/contract';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  type Modifier,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button } from 'antd-mobile';
import { AddCircleOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageNavBar } from '../../features/PageNavBar';
import { toastError, toastSuccess } from '../../features/toast';
import { deleteQuestion } from '../../features/confirmDanger';
import { useConfirmedAction } from '../../features/useConfirmedAction';
import { reloadViews, removeView, useViews } from '../../state/views';
import { idsOf, missingDefaults } from './order';
import { RestoreDefaults } from './RestoreDefaults';
import { SortableRow } from './SortableRow';
import { useNavOrder } from './useNavOrder';
import './nav-setting.css';
import { LoadingState } from '../../features/LoadState';

/** Rows only move up and down. */
const verticalOnly: Modifier = ({ transform }) => ({ ...transform, x: 0 });

/** /nav-setting: reorder the tabs by drag (saved on drop), edit and delete views (spec section 2). */
export default function NavSettingPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { loaded, loading, error, list } = useViews();
  const { items, drop } = useNavOrder();
  const { busy: deleting, run } = useConfirmedAction();

  useEffect(() => {
    void reloadViews();
  }, []);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_MOUSE_DISTANCE_PX } }),
    // A short hold starts a drag on touch, so a swipe over the handle still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: DRAG_TOUCH_DELAY_MS, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const onDragEnd = ({ active, over }: DragEndEvent) => drop(String(active.id), over ? String(over.id) : null);

  const confirmDelete = (item: ViewListItem) =>
    run({
      ask: deleteQuestion('nav', item.name, 'nav-delete-confirm'),
      action: async () => {
        await removeView(item.viewId);
        toastSuccess(t('nav.deleted'));
      },
      // The user stays on the page with the row still there (spec section 8).
      onError: (err) => {
        console.warn('view delete failed', err);
        toastError(err, t('nav.deleteFailed'));
      },
    });

  const open = (item: ViewListItem) => navigate(`/?viewId=${encodeURIComponent(item.viewId)}`);

  let body: ReactNode;
  if (!loaded && (loading || !error)) {
    body = <LoadingState className="ks-page-center" testId="nav-loading" />;
  } else if (!loaded && error) {
    body = (
      <div className="nav-state" role="alert">
        <p className="nav-state__title">{t('nav.loadFailed')}</p>
        <Button color="primary" fill="outline" shape="rounded" onClick={() => void reloadViews()}>
          {t('nav.retry')}
        </Button>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="nav-state" data-testid="nav-empty">
        <AddCircleOutline className="nav-state__art" />
        <p className="nav-state__title">{t('nav.empty')}</p>
        <p className="nav-state__body">{t('nav.emptyBody')}</p>
        <Button color="primary" shape="rounded" data-testid="nav-create" onClick={() => navigate('/feed-setting')}>
          {t('nav.create')}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <p className="ks-page-hint">{t('nav.hint')}</p>
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          modifiers={[verticalOnly]}
          onDragEnd={onDragEnd}
        >
          <SortableContext items={idsOf(items)} strategy={verticalListSortingStrategy}>
            <ul className="ks-card-list" data-testid="nav-list">
              {items.map((item) => (
                <SortableRow
                  key={item.viewId}
                  item={item}
                  busy={deleting}
                  onOpen={open}
                  onEdit={(path) => navigate(path)}
                  onDelete={(it) => void confirmDelete(it)}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
        {missingDefaults(list).length > 0 && <RestoreDefaults missing={missingDefaults(list)} />}
      </>
    );
  }

  return (
    <div className="nav-page">
      <PageNavBar title={t('nav.title')} />
      {body}
    </div>
  );
}
