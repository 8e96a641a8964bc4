/** The mall's items edited in place, as the content pages edit theirs (features/content's ``useItemEditor``): the
 * list, one draft for a new item or the one being edited, saving (create or change) that clears the form and
 * refreshes the list. Items are never deleted (a redemption names its item): they are switched off. The stock moves
 * apart, by a signed change, so it never overwrites redemptions made meanwhile. */
import { useState } from "react";
import { keepPreviousData, useAction, useQuery, useQueryClient } from "@portal/kit";

export interface ItemCalls<Read, NewBody, Body> {
  /** A page of the items, filtered and sorted by the server. */
  list: () => Promise<{ pageNum: number; totalPages: number; total: number; list: Read[] }>;
  create: (body: NewBody) => Promise<unknown>;
  update: (id: number, body: Body) => Promise<unknown>;
  stock: (id: number, body: { change: number; reason: string }) => Promise<Read>;
}

export function useMallEditor<Read extends { itemId: number }, NewBody, Body, Draft>(options: {
  key: readonly unknown[];
  /** The filters and the page shown: part of the list's query key (a change reads again; a save refreshes all). */
  shown: readonly unknown[];
  enabled: boolean;
  calls: ItemCalls<Read, NewBody, Body>;
  empty: Draft;
  draftOf: (row: Read) => Draft;
  texts: { created: string; saved: string; stocked: (row: Read) => string };
}) {
  const queries = useQueryClient();
  const [draft, setDraft] = useState<Draft>(options.empty);
  const [editing, setEditing] = useState<number | null>(null);
  const [stocking, setStocking] = useState<number | null>(null);
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
    (input: { id: null; body: NewBody } | { id: number; body: Body }) =>
      input.id === null ? options.calls.create(input.body) : options.calls.update(input.id, input.body),
    {
      doneText: savedEdit ? options.texts.saved : options.texts.created,
      onDone: () => {
        clearForm();
        return refresh();
      },
    },
  );
  const stock = useAction((input: { id: number; change: number; reason: string }) => options.calls.stock(input.id, { change: input.change, reason: input.reason }), {
    onDone: () => {
      setStocking(null);
      return refresh();
    },
  });
  return {
    list,
    draft,
    editing,
    save,
    stock,
    /** What the last stock change left, said once it succeeded. */
    stockDone: stock.done && stock.latest ? options.texts.stocked(stock.latest) : null,
    stocking,
    change: (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch })),
    /** Save a new item (the draft checked by the page). */
    create: (body: NewBody) => {
      setSavedEdit(false);
      void save.submit({ id: null, body });
    },
    /** Save the edit of the item being edited. */
    update: (id: number, body: Body) => {
      setSavedEdit(true);
      void save.submit({ id, body });
    },
    startEdit: (row: Read) => {
      save.reset();
      stock.reset();
      setStocking(null);
      setEditing(row.itemId);
      setDraft(options.draftOf(row));
    },
    cancelEdit: () => {
      save.reset();
      clearForm();
    },
    startStock: (row: Read) => {
      stock.reset();
      save.reset();
      setStocking(row.itemId);
    },
    cancelStock: () => {
      stock.reset();
      setStocking(null);
    },
  };
}
