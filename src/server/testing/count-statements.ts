import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Counts the statements run through the database it is added to
 * (`db.withPlugin(…)`), or only those `which` picks: how many round trips a
 * piece of code costs, which tests of the burst paths hold it to.
 */
export class CountStatements implements KyselyPlugin {
  count = 0;
  readonly #which: (node: RootOperationNode) => boolean;

  constructor(which: (node: RootOperationNode) => boolean = () => true) {
    this.#which = which;
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (this.#which(node)) this.count += 1;
    return node;
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}
