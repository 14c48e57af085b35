// A pause editor's choices (the result mode, the text typed) held outside React, for one scope at a time (a run's
// call at one kind of pause). The panel renders again as a pause settles — with a new pause object, or remounted
// under a new key — and a choice held in component state could go back to its default under the person's click.
import { createKeptState } from '../common/create-kept-state';

export const { forgetKeptValues, useKeptState } = createKeptState();
