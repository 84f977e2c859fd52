# Sourced by the scripts here: the checkout, its JDK (>= 21), its jar and load options, a scratch dir.
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
. "$repo/.ci/java-home.sh"
jar=${JAR:-$repo/sparql-endpoint/target/quarry.jar}
load_options=@$repo/jvm/load.options
w=$(mktemp -d); trap 'rm -rf "$w"' EXIT
