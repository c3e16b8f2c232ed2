/**
 * A tool whose `id` and `description` getters log each read (`<name>.id`, `<name>.description`)
 * into `reads`, in order: for tests of how often, and in which order, a record's tools are read.
 *
 * @param reads - where the reads are logged
 * @param name - the name the log gives the tool
 * @param id - what its `id` gives
 * @param description - what its `description` gives
 */
export function countedTool(reads: string[], name: string, id: unknown, description: unknown): { readonly id: unknown; readonly description: unknown } {
  return {
    get id() {
      reads.push(`${name}.id`);
      return id;
    },
    get description() {
      reads.push(`${name}.description`);
      return description;
    },
  };
}
