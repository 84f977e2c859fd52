package dev.quarry.bench.gen;

import java.time.LocalDate;

/**
 * Words, names and dates for literals. Tables are built once, so producing a literal is
 * a few array look-ups; some words carry accents and some are Japanese, so the data
 * holds multi-byte UTF-8.
 */
final class Texts {
    static final String[] LANGS = {"en", "de", "fr", "es", "ja"};

    private static final String[][] WORDS = {
        words("quality product great price delivery fast battery screen sound light heavy small large "
            + "recommend would again bought weeks after months works fine poor excellent value money "
            + "design color box manual setup easy hard support service friendly cheap expensive solid "
            + "plastic metal glass cable charger warranty return replaced broken perfect useful daily"),
        words("Qualität Produkt Preis Lieferung schnell schön Größe Bildschirm Klang leicht schwer "
            + "empfehlen wieder gekauft Wochen nach Monaten funktioniert gut schlecht ausgezeichnet Wert "
            + "Gerät Farbe Karton Anleitung einfach schwierig freundlich günstig teuer stabil Kunststoff "
            + "Metall Glas Kabel Ladegerät Garantie zurück ersetzt kaputt perfekt nützlich täglich"),
        words("qualité produit prix livraison rapide écran son léger lourd petit grand recommande "
            + "acheté semaines après mois fonctionne bien mauvais excellent valeur appareil couleur "
            + "boîte notice facile difficile aimable économique cher solide plastique métal verre câble "
            + "chargeur garantie retour remplacé cassé parfait utile déjà été très"),
        words("calidad producto precio entrega rápido pantalla sonido ligero pesado pequeño grande "
            + "recomiendo compré semanas después meses funciona bien malo excelente valor aparato color "
            + "caja manual fácil difícil amable barato caro sólido plástico metal vidrio cable cargador "
            + "garantía devolución roto perfecto útil diario también"),
        words("品質 製品 価格 配送 速い 画面 音 軽い 重い 小さい 大きい おすすめ 購入 週間 後 月 動作 良い "
            + "悪い 素晴らしい 価値 機器 色 箱 説明書 簡単 難しい 親切 安い 高い 丈夫 プラスチック 金属 "
            + "ガラス ケーブル 充電器 保証 返品 交換 壊れた 完璧 便利 毎日"),
    };

    private static final String[] FIRST = words("Anna Ben Clara David Emma Felix Greta Hugo Ida Jonas Karla Leon "
        + "Mia Noah Olga Paul Rosa Sven Tina Umut Vera Wim Xenia Yara Zoe");
    private static final String[] LAST = words("Adler Becker Costa Dubois Evans Fischer Garcia Hansen Ito Jensen "
        + "Kowalski Lopez Müller Nakamura Olsen Petit Quinn Rossi Schmidt Tanaka Urban Vogel Weber Young Zimmer");
    private static final String[] COUNTRIES = words("US GB DE FR ES JP CN KR RU AT CH NL");

    /** 4096 consecutive days from 2000-01-01, formatted once. */
    private static final String[] DAYS = new String[4096];

    static {
        LocalDate start = LocalDate.of(2000, 1, 1);
        for (int i = 0; i < DAYS.length; i++) {
            DAYS[i] = start.plusDays(i).toString();
        }
    }

    private Texts() {}

    private static String[] words(String spaced) {
        return spaced.split(" ");
    }

    /** {@code count} words of a language (index into {@link #LANGS}), space separated. */
    static String sentence(SplitMix64 rnd, int lang, int count) {
        String[] words = WORDS[lang];
        StringBuilder sb = new StringBuilder(count * 9);
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                sb.append(' ');
            }
            sb.append(words[rnd.nextInt(words.length)]);
        }
        return sb.toString();
    }

    static String personName(SplitMix64 rnd) {
        return FIRST[rnd.nextInt(FIRST.length)] + ' ' + LAST[rnd.nextInt(LAST.length)];
    }

    static String country(SplitMix64 rnd) {
        return COUNTRIES[rnd.nextInt(COUNTRIES.length)];
    }

    static String date(SplitMix64 rnd) {
        return DAYS[rnd.nextInt(DAYS.length)];
    }

    /** An xsd:dateTime, in UTC or with an offset. */
    static String dateTime(SplitMix64 rnd) {
        StringBuilder sb = new StringBuilder(25).append(date(rnd)).append('T');
        two(sb, rnd.nextInt(24)).append(':');
        two(sb, rnd.nextInt(60)).append(':');
        two(sb, rnd.nextInt(60));
        return rnd.chance(50) ? sb.append('Z').toString() : sb.append("+02:00").toString();
    }

    /** A decimal with two fraction digits, e.g. {@code 1234.05}. */
    static String decimal(SplitMix64 rnd, int maxWhole) {
        StringBuilder sb = new StringBuilder(12).append(rnd.nextInt(maxWhole)).append('.');
        return two(sb, rnd.nextInt(100)).toString();
    }

    /** 40 hex digits, like a foaf:mbox_sha1sum. */
    static String hex40(SplitMix64 rnd) {
        StringBuilder sb = new StringBuilder(40);
        for (int i = 0; i < 40; i += 16) {
            String h = Long.toHexString(rnd.nextLong());
            sb.append("0".repeat(16 - h.length())).append(h);
        }
        return sb.substring(0, 40);
    }

    private static StringBuilder two(StringBuilder sb, int n) {
        return (n < 10 ? sb.append('0') : sb).append(n);
    }
}
