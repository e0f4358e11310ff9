// The rollups as they are now (db/rollups/): every rollup trigger, function and derived table is
// dropped and re-created from the family files, then recounted from the stored posts. Earlier
// migrations (0005, 0006, 0007, 0009, 0010, 0012) keep only what this one does not re-create.
import { rollupsSql } from '../rollups/index';

export default rollupsSql();
