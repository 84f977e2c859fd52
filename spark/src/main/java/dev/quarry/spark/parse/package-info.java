/** Reading the input: files on any Hadoop file system, each split parsed by the loader's parser into split-local ids. */
package dev.quarry.spark.parse;
