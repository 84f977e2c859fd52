/** Global sequential ids for the splits' terms and namespaces, the dictionary's files, a store's dictionary export as input. */
package dev.quarry.spark.dict;
