import java.lang.reflect.Method; import java.util.*; import org.apache.jena.graph.NodeFactory; import org.apache.jena.sparql.expr.NodeValue;
public class SortBench {
  public static void main(String[] a) throws Exception {
    Method m = Class.forName("dev.quarry.engine.exec.OrderNode").getDeclaredMethod("compareAlways", NodeValue.class, NodeValue.class); m.setAccessible(true);
    Comparator<NodeValue> ours = (x, y) -> { try { return (int) m.invoke(null, x, y); } catch (Exception e) { throw new RuntimeException(e); } };
    Comparator<NodeValue> arq = NodeValue::compareAlways;
    String[] langs = {"en", "de", "fr", "zh", "ja", "es", "ru", "ko"}; Random r = new Random(1);
    List<NodeValue> vals = new ArrayList<>();
    for (int i = 0; i < 28000; i++) vals.add(NodeValue.makeNode(NodeFactory.createLiteralLang("title words " + r.nextInt(1000000), langs[r.nextInt(langs.length)])));
    for (int round = 0; round < 6; round++) for (var e : List.of(Map.entry("arq", arq), Map.entry("ours", ours))) {
      List<NodeValue> v = new ArrayList<>(vals); long t = System.nanoTime(); v.sort(e.getValue());
      System.out.printf("%s %.1f ms%n", e.getKey(), (System.nanoTime() - t) / 1e6);
    }
  }
}
