// Which round's export view is open, and with what, held outside the card for the shown run: a card is mounted
// again as a run settles (the virtualised list, the card's lazily loaded chunk) and an open view must not close.
import { createKeptState } from '../common/create-kept-state';

export const { forgetKeptValues: forgetKeptRoundExports, useKeptState: useKeptRoundExport } = createKeptState();
