if (true) {
} else {
}
