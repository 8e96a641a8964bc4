/** A kind of the site's content edited in place, as banners, announcements and help topics are: a page of its list
 * (paged, filtered and sorted by the server; the rows of the page before shown while the next loads), one draft for a new item or the one being edited, saving (create or update) that clears the form, and deleting after
 * a confirmation (the form cleared when it held the deleted item), each refreshing the list. The page keeps its
 * calls, its columns, its draft's fields and their checks. */
import { useState } from "react";
import { keepPreviousData, useAction, useQuery, useQueryClient } from "@portal/kit";

/** A page of a list as the server answers it. */
export interface ListPage<Read> {
  pageNum: number;
  totalPages: number;
  total: number;
  list: Read[];
}

export interface ItemCalls<Read, Body> {
  list: () => Promise<ListPage<Read>>;
  create: (body: Body) => Promise<unknown>;
  update: (id: number, body: Body) => Promise<unknown>;
  remove: (id: number) => Promise<unknown>;
}

export function useItemEditor<Read extends { id: number }, Body, Draft>(options: {
  key: readonly unknown[];
  /** The filters and the page shown: part of the list's query key (a change refreshes it; a save refreshes all). */
  shown: readonly unknown[];
  enabled: boolean;
  calls: ItemCalls<Read, Body>;
  empty: Draft;
  draftOf: (row: Read) => Draft;
  /** What a save of a new item, a save of an edit, and a deletion say when done. */
  texts: { created: string; saved: string; removed: string };
}) {
  const queries = useQueryClient();
  const [draft, setDraft] = useState<Draft>(options.empty);
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [savedEdit, setSavedEdit] = useState(false);
  const list = useQuery({
    queryKey: [...options.key, ...options.shown],
    enabled: options.enabled,
    placeholderData: keepPreviousData,
    queryFn: options.calls.list,
  });
  const refresh = () => queries.invalidateQueries({ queryKey: options.key });
  const clearForm = () => {
    setEditing(null);
    setDraft(options.empty);
  };
  const save = useAction(
    (input: { id: number | null; body: Body }) => (input.id === null ? options.calls.create(input.body) : options.calls.update(input.id, input.body)),
    {
      doneText: savedEdit ? options.texts.saved : options.texts.created,
      onDone: () => {
        clearForm();
        return refresh();
      },
    },
  );
  const remove = useAction((id: number) => options.calls.remove(id), {
    doneText: options.texts.removed,
    onDone: (_done, id) => {
      setRemoving(null);
      if (editing === id) clearForm();
      return refresh();
    },
  });
  return {
    list,
    draft,
    editing,
    removing,
    setRemoving,
    save,
    remove,
    change: (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch })),
    /** Save the draft (checked by the page) as a new item or as the edit of the one being edited. */
    send: (body: Body) => {
      setSavedEdit(editing !== null);
      void save.submit({ id: editing, body });
    },
    startEdit: (row: Read) => {
      save.reset();
      remove.reset();
      setRemoving(null);
      setEditing(row.id);
      setDraft(options.draftOf(row));
    },
    cancelEdit: () => {
      save.reset();
      clearForm();
    },
  };
}
