package dev.quarry.loader.stage;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.quarry.loader.input.FeedReader;
import dev.quarry.loader.input.RdfFormat;
import dev.quarry.loader.input.Source;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.LongAdder;
import org.junit.jupiter.api.Test;

class FeedGroupsTest {
    private static final long MIB = 1L << 20;

    private record Sized(String name, long size) implements Source {
        @Override
        public FeedReader open(LongAdder rawBytesRead, RdfFormat formatOverride) {
            throw new UnsupportedOperationException();
        }
    }

    private static List<List<String>> names(List<List<Source>> groups) {
        return groups.stream().map(g -> g.stream().map(Source::name).toList()).toList();
    }

    @Test
    void smallSourcesShareAGroupUntilItIsFull() {
        List<Source> sources = List.of(new Sized("a", 40), new Sized("b", 40), new Sized("c", 40), new Sized("d", 10));
        assertEquals(List.of(List.of("a", "b"), List.of("c", "d")), names(FeedGroups.split(sources, 80)));
    }

    @Test
    void aLargeSourceIsAGroupOfItsOwn() {
        List<Source> sources = List.of(new Sized("big", 500), new Sized("small", 1), new Sized("big2", 500));
        assertEquals(List.of(List.of("big"), List.of("small", "big2")), names(FeedGroups.split(sources, 100)));
    }

    @Test
    void aSourceOfUnknownSizeEndsItsGroup() {
        List<Source> sources = List.of(new Sized("a", 1), new Sized("stdin", -1), new Sized("b", 1));
        assertEquals(List.of(List.of("a", "stdin"), List.of("b")), names(FeedGroups.split(sources, 100)));
    }

    @Test
    void thousandsOfTinyFilesMakeOneCommit() {
        List<Source> sources = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            sources.add(new Sized("f" + i, 4_096));
        }
        long group = FeedGroups.groupBytes(0, 5_000 * 4_096L);
        assertEquals(FeedGroups.MIN_GROUP_BYTES, group);
        assertEquals(1, FeedGroups.split(sources, group).size());
    }

    @Test
    void aHugeLoadMakesAboutThirtyTwoCommits() {
        List<Source> sources = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            sources.add(new Sized("f" + i, 100 * MIB));
        }
        long group = FeedGroups.groupBytes(0, 1_000 * 100 * MIB);
        int groups = FeedGroups.split(sources, group).size();
        assertEquals(32, groups, "1,000 files of 100 MiB at " + group + " bytes a group");
    }

    @Test
    void aConfiguredSizeWinsAndUnknownTotalsUseTheMinimum() {
        assertEquals(1, FeedGroups.groupBytes(1, 1L << 40));
        assertEquals(FeedGroups.MIN_GROUP_BYTES, FeedGroups.groupBytes(0, -1));
        assertEquals(List.of(), FeedGroups.split(List.of(), 10));
    }
}
