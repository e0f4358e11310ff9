import type { ViewListItem } from '@kolscope/contract';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { DeleteOutline, EditSOutline, RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../features/IconButton';
import { canDelete, editPath, isGroupItem } from './order';
import { ViewTypeIcon } from './ViewTypeIcon';

interface Props {
  item: ViewListItem;
  /** A delete is running somewhere in the list: every delete button waits. */
  busy: boolean;
  onOpen: (item: ViewListItem) => void;
  onEdit: (path: string) => void;
  onDelete: (item: ViewListItem) => void;
}

/** Six dots: the drag handle's grip (antd-mobile-icons has none). */
function Grip() {
  return (
    <svg width="14" height="20" viewBox="0 0 14 20" aria-hidden="true" fill="currentColor">
      {[4, 10, 16].flatMap((y) => [4, 10].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r="1.6" />))}
    </svg>
  );
}

/**
 * One tab item: drag handle, type icon, name and an arrow (opening the view on home), then edit
 * and delete where allowed. Only the handle starts a drag, so the buttons stay plain taps.
 */
export function SortableRow({ item, busy, onOpen, onEdit, onDelete }: Props) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.viewId,
  });
  const edit = editPath(item);
  const typeLabel = t(`nav.type.${item.viewType}`);

  return (
    <li
      ref={setNodeRef}
      data-testid={`nav-row-${item.viewId}`}
      className={`nav-row${isDragging ? ' nav-row--dragging' : ''}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="nav-row__drag"
        data-testid={`nav-drag-${item.viewId}`}
        aria-label={`${t('nav.drag')}: ${item.name}`}
        {...attributes}
        {...listeners}
      >
        <Grip />
      </button>
      <button type="button" className="nav-row__main" onClick={() => onOpen(item)}>
        <ViewTypeIcon viewType={item.viewType} />
        <span className="nav-row__text">
          <span className="nav-row__name">{item.name}</span>
          <span className="nav-row__type">
            {typeLabel}
            {isGroupItem(item) && item.subs.length > 0 ? ` · ${item.subs.length}` : ''}
            {item.fixed && <span className="nav-row__fixed">{t('nav.fixed')}</span>}
          </span>
        </span>
        <RightOutline className="nav-row__arrow" aria-hidden="true" />
      </button>
      {/* Empty slots keep every row's arrow and buttons in the same columns. */}
      {!edit && <span className="nav-row__slot" />}
      {edit && (
        <IconButton
          className="nav-row__action"
          testId={`nav-edit-${item.viewId}`}
          label={`${t('nav.edit')}: ${item.name}`}
          onClick={() => onEdit(edit)}
        >
          <EditSOutline />
        </IconButton>
      )}
      {canDelete(item) && (
        <IconButton
          className="nav-row__action nav-row__action--danger"
          testId={`nav-delete-${item.viewId}`}
          label={`${t('nav.delete')}: ${item.name}`}
          disabled={busy}
          onClick={() => onDelete(item)}
        >
          <DeleteOutline />
        </IconButton>
      )}
      {!canDelete(item) && <span className="nav-row__slot" />}
    </li>
  );
}
